import { describe, expect, it } from 'vitest';
import { truncateMission } from './truncate-mission.js';

describe('truncateMission', () => {
  it('keeps a mission of 400 characters or fewer whole', () => {
    const exactly = 'a'.repeat(400);
    expect(truncateMission(exactly)).toBe(exactly);
    expect(truncateMission('  We teach.  ')).toBe('We teach.');
  });

  it('cuts a longer one to its first 400 characters and an ellipsis', () => {
    const cut = truncateMission(`${'a'.repeat(400)}bcd`);
    expect(cut).toBe(`${'a'.repeat(400)}…`);
  });

  it('counts an emoji or accented letter as one character and never splits it', () => {
    const cut = truncateMission(`${'é'.repeat(399)}🎓🎓`);
    expect(cut).toBe(`${'é'.repeat(399)}🎓…`);
  });

  it('leaves no space before the ellipsis', () => {
    expect(truncateMission(`${'a'.repeat(399)} more words`)).toBe(`${'a'.repeat(399)}…`);
  });
});
