import type { Database } from './client.js';

const cache = new WeakMap<Database, Map<string, unknown>>();

/**
 * Builds a prepared query, or a read made of one (batched-read.ts), once per database and reuses
 * it. Drizzle spends longer building a query than PostgreSQL spends answering a primary-key read,
 * so the per-request reads (the session, the dashboard) are prepared, which more than halves a
 * read's time (docs/performance.md, "Measurements behind the code").
 */
export function preparedQuery<T>(
  db: Database,
  name: string,
  build: (db: Database, name: string) => T,
): T {
  let queries = cache.get(db);
  if (!queries) {
    queries = new Map();
    cache.set(db, queries);
  }
  if (!queries.has(name)) queries.set(name, build(db, name));
  return queries.get(name) as T;
}
