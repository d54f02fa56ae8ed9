import { asc, eq } from 'drizzle-orm';
import type { TPasskey } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { passkeyCredentials } from '../../db/schema.js';

/** The student's passkeys, oldest first, as their profile lists them. */
export async function listPasskeys(db: Database, studentId: string): Promise<TPasskey[]> {
  const rows = await db
    .select({
      id: passkeyCredentials.id,
      name: passkeyCredentials.name,
      createdAt: passkeyCredentials.createdAt,
      lastUsedAt: passkeyCredentials.lastUsedAt,
    })
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.studentId, studentId))
    .orderBy(asc(passkeyCredentials.createdAt), asc(passkeyCredentials.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}
