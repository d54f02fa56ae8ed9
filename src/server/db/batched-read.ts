/** The most keys one query answers; the rest wait for the next turn. */
export const MAX_BATCH = 100;

interface Waiting<K, R> {
  key: K;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * A read that answers every key asked for in the same turn of the event loop with one call of
 * `run`, made when that turn's I/O has been handled (setImmediate). `run` answers one result per
 * key, in the keys' order. A round trip to PostgreSQL costs this 2-core machine far more than the
 * rows it brings: a query with thirty keys took a third of the CPU of thirty queries
 * (docs/performance.md). A key asked for alone waits only for the end of its turn. When `run`
 * fails, every key of its batch gets the error.
 */
export function batchedRead<K, R>(run: (keys: K[]) => Promise<R[]>): (key: K) => Promise<R> {
  let waiting: Waiting<K, R>[] = [];

  async function answer(batch: Waiting<K, R>[]) {
    try {
      const results = await run(batch.map(({ key }) => key));
      batch.forEach(({ resolve }, i) => {
        resolve(results[i] as R);
      });
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }

  function flush() {
    const batch = waiting.slice(0, MAX_BATCH);
    waiting = waiting.slice(MAX_BATCH);
    if (waiting.length > 0) setImmediate(flush);
    void answer(batch);
  }

  return (key) =>
    new Promise<R>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
}
