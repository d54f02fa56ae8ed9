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

describe('the columns DATA_KEY protects', () => {
  it('are every sealed and every hashed column of the schema, so rotation misses none', () => {
    expect(Object.values(SEALED_PROFILE_COLUMNS).map(qualifiedName).sort()).toEqual(
      columnsEndingWith('_encrypted'),
    );
    const rehashed = [...REHASHED_STUDENT_COLUMNS.map((h) => h.column), REKEYED_INVITE_COLUMN];
    expect(rehashed.map(qualifiedName).sort()).toEqual(columnsEndingWith('_hash'));
  });
});
