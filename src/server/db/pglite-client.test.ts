import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparingPGlite, STATEMENT_CACHE_SIZE, TEXT_PARSERS } from './pglite-client.js';

/** Names of the statements PostgreSQL holds prepared by the protocol, not by SQL PREPARE. */
async function protocolStatements(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'select name from pg_prepared_statements where not from_sql order by name',
  );
  return rows.map((row) => row.name);
}

const SCHEMA = `
  create table items (
    id integer primary key,
    label text not null unique,
    tags text[],
    details jsonb,
    born date,
    seen_at timestamptz,
    ok boolean
  );
  insert into items values
    (1, 'one', '{a,b}', '{"k": [1, 2]}', '2000-01-15', '2026-11-24 10:00:00+00', true),
    (2, 'two', null, null, null, null, null);
`;

describe('PGlite with a prepared-statement cache', () => {
  let plain: PGlite;
  let preparing: PreparingPGlite;
  beforeAll(async () => {
    [plain, preparing] = [new PGlite(), new PreparingPGlite()];
    await plain.exec(SCHEMA);
    await preparing.exec(SCHEMA);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), preparing.close()]);
  });

  it("answers what PGlite answers drizzle's queries, for every parameter and column type", async () => {
    const queries: [string, unknown[]][] = [
      ['select * from items where id = $1', [1]],
      ['select * from items where id = $1', [2]],
      ['select label from items where born = $1', ['2000-01-15']],
      ['select id from items where seen_at < $1', [new Date('2030-01-01T00:00:00Z')]],
      ['select id from items where details = $1', [{ k: [1, 2] }]],
      ['select id from items where ok = $1 or label = $2', [false, 'two']],
      ['select id from items where tags = $1', [['a', 'b']]],
      ['select count(*)::int as n from items where label is distinct from $1', [null]],
      ['select 1 as one', []],
    ];
    for (const [text, params] of queries) {
      for (const rowMode of ['object', 'array'] as const) {
        // As drizzle-orm/pglite asks: its text parsers on every query.
        const options = { rowMode, parsers: TEXT_PARSERS };
        const expected = await plain.query(text, params, options);
        const actual = await preparing.query(text, params, options);
        expect(actual.rows, text).toEqual(expected.rows);
        expect(actual.fields, text).toEqual(expected.fields);
      }
    }
  });

  it("reads timestamps and dates as text, as drizzle's driver asks on every query", async () => {
    const { rows } = await preparing.query<{ born: unknown; seen_at: unknown }>(
      'select born, seen_at from items where id = $1',
      [1],
    );
    expect(rows[0]).toEqual({ born: '2000-01-15', seen_at: '2026-11-24 10:00:00+00' });
  });

  it('prepares each statement text once, under a name, and reuses it', async () => {
    const text = 'select label from items where id = $1 and 1 = 1';
    const before = await protocolStatements(preparing);
    for (const id of [1, 2, 1]) await preparing.query(text, [id]);
    const after = await protocolStatements(preparing);
    // One text, one name (the read of pg_prepared_statements was prepared before `before` ran).
    expect(after.length - before.length).toBe(1);
    expect(after.every((name) => name.startsWith('pglite_s'))).toBe(true);
    expect(await protocolStatements(plain)).toEqual([]);
  });

  it('keeps at most STATEMENT_CACHE_SIZE statements, closing the least recently used', async () => {
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 20; i += 1) {
      await preparing.query(`select $1::int + ${i} as n`, [i]);
    }
    expect(preparing.preparedStatementCount).toBe(STATEMENT_CACHE_SIZE);
    expect(await protocolStatements(preparing)).toHaveLength(STATEMENT_CACHE_SIZE);
  });

  it('runs no statement inside a transaction another caller has open', async () => {
    let inTransaction!: () => void;
    const begun = new Promise<void>((resolve) => (inTransaction = resolve));
    const transaction = preparing.transaction(async (tx) => {
      await tx.query("insert into items (id, label) values (3, 'three')");
      inTransaction();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.rollback();
    });
    await begun;
    // Issued while the transaction holds the database: it waits, and never sees the rolled-back row.
    const { rows } = await preparing.query('select id from items where id = $1', [3]);
    await transaction;
    expect(rows).toEqual([]);
  });

  it('reports a failing statement with its code and stays usable', async () => {
    const insert = 'insert into items (id, label) values ($1, $2)';
    await expect(preparing.query(insert, [4, 'one'])).rejects.toMatchObject({ code: '23505' });
    await expect(preparing.query('select label from items where id = $1', [1])).resolves.toEqual(
      expect.objectContaining({ rows: [{ label: 'one' }] }),
    );
    await expect(preparing.query('select from nowhere where x = $1', [1])).rejects.toMatchObject({
      code: '42P01',
    });
    await preparing.query(insert, [4, 'four']);
    expect((await preparing.query('select count(*)::int as n from items')).rows).toEqual([
      { n: 3 },
    ]);
  });

  it('prepares a statement again after DEALLOCATE ALL or a schema change', async () => {
    const text = 'select * from items where id = $1';
    await preparing.query(text, [1]);
    await preparing.exec('deallocate all');
    expect((await preparing.query<{ label: string }>(text, [1])).rows[0]?.label).toBe('one');
    // A new column changes what `select *` answers: the old plan cannot serve it.
    await preparing.exec('alter table items add column extra integer default 7');
    expect((await preparing.query<{ extra: number }>(text, [1])).rows[0]?.extra).toBe(7);
  });

  it("takes PGlite's own path for options it does not serve", async () => {
    const count = preparing.preparedStatementCount;
    const { rows } = await preparing.query<{ n: string }>('select $1::int as n', [5], {
      parsers: { 23: (value: string) => `int ${value}` },
    });
    expect(rows).toEqual([{ n: 'int 5' }]);
    expect(preparing.preparedStatementCount).toBe(count);
  });
});
