import { describe, expect, it } from 'vitest';
import { batchedRead, MAX_BATCH } from './batched-read.js';

/** A read that doubles its keys, keeping each call's keys. */
function doubling() {
  const calls: number[][] = [];
  const read = batchedRead(async (keys: number[]) => {
    calls.push(keys);
    await Promise.resolve();
    return keys.map((key) => key * 2);
  });
  return { read, calls };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedRead', () => {
  it('answers the keys asked for in one turn with one call, each its own result', async () => {
    const { read, calls } = doubling();
    await expect(Promise.all([read(1), read(2), read(3)])).resolves.toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('makes a new call for keys asked for in a later turn', async () => {
    const { read, calls } = doubling();
    const first = read(1);
    await nextTurn();
    const second = read(2);
    await expect(Promise.all([first, second])).resolves.toEqual([2, 4]);
    expect(calls).toEqual([[1], [2]]);
  });

  it(`asks at most ${MAX_BATCH} keys of one call`, async () => {
    const { read, calls } = doubling();
    const keys = Array.from({ length: MAX_BATCH * 2 + 1 }, (_, i) => i);
    await expect(Promise.all(keys.map(read))).resolves.toEqual(keys.map((key) => key * 2));
    expect(calls.map((call) => call.length)).toEqual([MAX_BATCH, MAX_BATCH, 1]);
    expect(calls.flat()).toEqual(keys);
  });

  it("rejects every key of a failed call, and only that call's", async () => {
    let failNext = true;
    const read = batchedRead(async (keys: string[]) => {
      if (failNext) {
        failNext = false;
        throw new Error('connection lost');
      }
      return keys;
    });
    const failed = [read('a'), read('b')].map((answer) =>
      answer.catch((error: unknown) => (error as Error).message),
    );
    await expect(Promise.all(failed)).resolves.toEqual(['connection lost', 'connection lost']);
    await expect(read('c')).resolves.toBe('c');
  });

  it('rejects the batch when the read throws before answering', async () => {
    const read = batchedRead((): Promise<number[]> => {
      throw new Error('bad query');
    });
    await expect(read(1)).rejects.toThrow('bad query');
  });
});
