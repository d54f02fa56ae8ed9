import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { qualifiedName, SEALED_PROFILE_COLUMNS } from './keyed-columns.js';
import { REHASHED_STUDENT_COLUMNS } from './rehash-students.js';
import { REKEYED_INVITE_COLUMN } from './rekey-invites.js';

/** Every column of the schema whose name ends with `suffix`, as `table.column`. */
function columnsEndingWith(suffix: string): string[] {
  return Object.values(schema)
    .filter((value) => is(value, PgTable))
    .flatMap((table) => getTableConfig(table).columns.map((column) => qualifiedName(column)))
    .filter((name) => name.endsWith(suffix))
    .sort();
}

/**
 * Digests of the staff console's random secrets (a session's, an enrolment link's): 256 random
 * bits need no key, so they are plain SHA-256 and a DATA_KEY rotation leaves them as they are
 * (docs/decisions/017).
 */
const PLAIN_DIGEST_COLUMNS = ['staff_enrolment_links.token_hash', 'staff_sessions.secret_hash'];

describe('the columns DATA_KEY protects', () => {
  it('are every sealed and every hashed column of the schema, so rotation misses none', () => {
    expect(Object.values(SEALED_PROFILE_COLUMNS).map(qualifiedName).sort()).toEqual(
      columnsEndingWith('_encrypted'),
    );
    const rehashed = [...REHASHED_STUDENT_COLUMNS.map((h) => h.column), REKEYED_INVITE_COLUMN];
    expect([...rehashed.map(qualifiedName), ...PLAIN_DIGEST_COLUMNS].sort()).toEqual(
      columnsEndingWith('_hash'),
    );
  });
});
