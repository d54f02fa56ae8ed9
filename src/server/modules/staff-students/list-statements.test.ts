import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { deriveDataKeys } from '../../lib/crypto.js';
import { everyListShape } from '../../test/staff-list-shapes.js';
import { pageStatement } from './list-staff-students.js';

const dialect = new PgDialect();
const keys = deriveDataKeys(Buffer.alloc(32));

describe('the staff list’s prepared statements', () => {
  it('give one text to each name, so a statement never answers another shape of request', () => {
    const textOf = new Map<string, string>();
    let shapes = 0;
    for (const { caller, request } of everyListShape()) {
      const { statement: page } = pageStatement(caller, keys, request);
      const text = dialect.sqlToQuery(
        sql`${page.source.matches?.query ?? page.source.from} ${page.where ?? sql`true`} order by ${sql.join(page.order, sql`, `)} limit ${sql.raw(String(page.limit))} counts ${page.counts.from} ${page.counts.where ?? sql`true`}`,
      ).sql;
      expect(textOf.get(page.name) ?? text, page.name).toBe(text);
      textOf.set(page.name, text);
      shapes += 1;
    }
    expect(shapes).toBeGreaterThan(1000);
    expect(textOf.size).toBeGreaterThan(100);
  });
});
