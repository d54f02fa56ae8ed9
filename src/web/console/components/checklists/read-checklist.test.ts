import { describe, expect, it } from 'vitest';
import { readChecklist, serverFieldError, type EditedItem } from './read-checklist.js';

const item = (overrides: Partial<EditedItem> = {}): EditedItem => ({
  key: 7,
  title: { title: 'Bank statement', custom: false },
  note: '',
  dueInDays: '',
  ...overrides,
});

describe('readChecklist', () => {
  it('makes the PUT body: trimmed, no note and no due date are null, days are a number', () => {
    expect(readChecklist([item(), item({ key: 8, note: ' Certified ', dueInDays: '14' })])).toEqual(
      {
        checklist: {
          items: [
            { title: 'Bank statement', note: null, dueInDays: null },
            { title: 'Bank statement', note: 'Certified', dueInDays: 14 },
          ],
        },
      },
    );
  });

  it("puts each problem under its item's field, by the item's key", () => {
    expect(
      readChecklist([
        item({ title: { title: '', custom: true } }),
        item({ key: 9, dueInDays: '2.5' }),
        item({ key: 10, dueInDays: '0' }),
      ]),
    ).toEqual({
      errors: {
        items: {
          7: { title: 'Choose the document to request.' },
          9: { dueInDays: 'Enter a whole number of days.' },
          10: { dueInDays: 'Must be at least 1 day.' },
        },
      },
    });
  });
});

describe('serverFieldError', () => {
  it("reads the item and field a 400's message names", () => {
    expect(
      serverFieldError('items.1.note: must be at most 1000 characters', [item(), item({ key: 8 })]),
    ).toEqual({ key: 8, field: 'note', message: 'Must be at most 1000 characters.' });
    expect(serverFieldError('No school with this id.', [item()])).toBeNull();
    expect(serverFieldError('items.5.note: too long', [item()])).toBeNull();
  });
});
