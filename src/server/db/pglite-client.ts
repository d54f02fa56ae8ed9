import {
  PGlite,
  parse,
  protocol,
  types,
  type PGliteOptions,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The PostgreSQL extensions the migrations create (unaccent, for the staff list's search,
 * migration 0013): a PostgreSQL server ships them, PGlite loads them only when asked.
 */
export const PGLITE_EXTENSIONS = { unaccent };

/**
 * The types drizzle's PGlite driver reads as text, leaving the conversion to its own column
 * mappers: it passes these parsers with every query (drizzle-orm/pglite/session.js). PGlite then
 * copies its whole table of some 320 parsers per query to merge them, a cost per read
 * (docs/performance.md, "Measurements behind the code"); set once on the instance, each query
 * uses the instance's table as it is.
 */
const TEXT_PARSED_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
] as const;

const asText = (value: string) => value;
export const TEXT_PARSERS = Object.fromEntries(TEXT_PARSED_TYPES.map((oid) => [oid, asText]));
const textParsed = new Set<number>(TEXT_PARSED_TYPES);

/** How many statements stay prepared; the app runs about a hundred distinct ones. */
export const STATEMENT_CACHE_SIZE = 256;

/** PostgreSQL's codes for a statement that must be prepared again. */
const STATEMENT_GONE = new Set([
  '26000', // invalid_sql_statement_name: the statement was deallocated
  '0A000', // feature_not_supported: "cached plan must not change result type" after DDL
]);

interface PreparedStatement {
  name: string;
  /** The parameter types PostgreSQL inferred, to serialize each value as PGlite would. */
  paramTypes: number[];
}

/** Options this client's prepared path serves; anything else takes PGlite's own path. */
function servesOptions(options: QueryOptions | undefined): boolean {
  if (!options) return true;
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).length > 0 || (rowMode !== undefined && typeof rowMode !== 'string'))
    return false;
  return Object.keys(parsers ?? {}).every((oid) => textParsed.has(Number(oid)));
}

/**
 * PGlite (PostgreSQL in WebAssembly, in this process) with a prepared-statement cache. PGlite's
 * own `query` parses and plans every statement anew as an unnamed statement; planning also asks
 * the file system for each table's size. This client prepares each distinct statement once under
 * a name, the way node-postgres runs drizzle's named queries on a server, and then only binds and
 * executes it, in a sixth of the time a dashboard read took before (docs/performance.md,
 * "Measurements behind the code"). Statements
 * are kept for the least recently used STATEMENT_CACHE_SIZE texts.
 *
 * Only top-level `query` calls take this path, under the same locks PGlite's own `query` takes
 * (no statement runs inside another caller's transaction). Queries inside `transaction()` and
 * `exec` are PGlite's own.
 */
export class PreparingPGlite extends PGlite {
  readonly #statements = new Map<string, PreparedStatement>();
  #nextName = 0;

  /** `dataDir` in the options: PGlite ignores the options given beside an undefined folder. */
  constructor(options: PGliteOptions = {}) {
    super({
      ...options,
      extensions: { ...PGLITE_EXTENSIONS, ...options.extensions },
      parsers: { ...TEXT_PARSERS, ...options.parsers },
    });
  }

  override async query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (!servesOptions(options)) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this.runExclusive(() => this.#runPrepared<T>(text, params, options?.rowMode)),
    );
  }

  /** Statements prepared now, for tests. */
  get preparedStatementCount(): number {
    return this.#statements.size;
  }

  async #runPrepared<T>(
    text: string,
    params: unknown[],
    rowMode: QueryOptions['rowMode'],
  ): Promise<Results<T>> {
    let statement = await this.#statementFor(text);
    let messages;
    try {
      messages = await this.#execute(statement, params);
    } catch (error) {
      if (!STATEMENT_GONE.has(errorCode(error))) throw error;
      // Deallocated by someone, or its plan outdated by a schema change: prepare it once more.
      await this.#forget(text);
      statement = await this.#statementFor(text);
      messages = await this.#execute(statement, params);
    }
    await this.syncToFs();
    const [result] = parse.parseResults(messages, this.parsers, { rowMode });
    return result as Results<T>;
  }

  async #statementFor(text: string): Promise<PreparedStatement> {
    const cached = this.#statements.get(text);
    if (cached) {
      // Map keeps insertion order: re-inserting marks it the most recently used.
      this.#statements.delete(text);
      this.#statements.set(text, cached);
      return cached;
    }
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
      const [oldest] = this.#statements.keys();
      if (oldest !== undefined) await this.#forget(oldest);
    }
    const name = `pglite_s${(this.#nextName += 1)}`;
    const { messages } = await this.execProtocol(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(text, statement);
    return statement;
  }

  #execute({ name, paramTypes }: PreparedStatement, params: unknown[]) {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.serializers[paramTypes[i] ?? -1];
      // A type PGlite has no serializer for is sent as text, as its own query sends it.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    return this.execProtocol(
      concat([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    ).then((result) => result.messages);
  }

  async #forget(text: string): Promise<void> {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    await this.execProtocol(
      concat([
        protocol.serialize.close({ type: 'S', name: statement.name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
  }
}

/** The SQLSTATE of a database error (PGlite's DatabaseError), or ''. */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
