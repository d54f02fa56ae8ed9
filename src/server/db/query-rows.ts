import type { SQL } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * Rows of a raw query. The app's Database type is generic over both drivers, so execute()'s result
 * is typed unknown; node-postgres and PGlite both answer an object with `rows`.
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
