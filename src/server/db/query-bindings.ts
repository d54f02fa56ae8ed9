import { createHash } from 'node:crypto';
import { type Placeholder, sql } from 'drizzle-orm';

/**
 * The values of a query whose shape varies with its filters (the staff list's), gathered while
 * its conditions are written: each `bind` gives a placeholder instead of a value, so that one
 * prepared statement (preparedQuery) serves every request of the same shape, whatever its values.
 * The names bound, in order, are the shape.
 */
export class QueryBindings {
  readonly values: Record<string, unknown> = {};

  /** A placeholder for `value`; a name bound again must be bound to the same value. */
  bind(name: string, value: unknown): Placeholder {
    if (Object.hasOwn(this.values, name) && this.values[name] !== value)
      throw new Error(`${name} is bound to two values`);
    this.values[name] = value;
    return sql.placeholder(name);
  }

  /**
   * A statement name for this shape of a query (`prefix` and `choices` name what else decides
   * its text): short enough for PostgreSQL's 63-character names, the same for the same shape.
   */
  statementName(prefix: string, ...choices: string[]): string {
    const shape = [...choices, ...Object.keys(this.values)].join('|');
    return `${prefix}_${createHash('sha256').update(shape).digest('hex').slice(0, 24)}`;
  }
}

/**
 * A LIMIT written into a prepared statement's text. Drizzle binds a number as a parameter, and
 * PostgreSQL cannot know a bound limit when it weighs a generic plan, so it plans every execution
 * afresh (about a third of a millisecond for the staff list: docs/performance.md). `count` must
 * be an integer the caller has checked (a request's page size).
 */
export function literalLimit(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`not a limit: ${String(count)}`);
  // Drizzle writes an SQL object in place of the number (pg-core/dialect.js, limitSql); its
  // type allows only number and placeholder, so the object travels under the number's type.
  return sql.raw(String(count)) as unknown as number;
}
