import { describe, expect, it } from 'vitest';
import { parseApplicationId } from './parse-application-id.js';

describe('the application id of the address', () => {
  it('is a positive whole number', () => {
    expect(parseApplicationId('11')).toBe(11);
    expect(parseApplicationId('2147483647')).toBe(2147483647);
  });

  it('is nothing for anything else', () => {
    for (const raw of [
      undefined,
      '',
      'abc',
      '0',
      '-1',
      '1.5',
      '1e3',
      ' 12',
      '12abc',
      '2147483648',
    ]) {
      expect(parseApplicationId(raw)).toBeNull();
    }
  });
});
