import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runAdmin } from '../admin/run-admin.js';

export interface AdminRun {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs an admin command line against a test app's database and file storage, as
 * `npm run admin -- ...` would against the server's, and answers its exit code and output.
 */
export async function runAdminCommand(app: FastifyInstance, argv: string[]): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) };
  const code = await runAdmin(argv, {
    env: {},
    io,
    open: async (commandIo) => ({
      ctx: {
        config: app.config,
        db: app.db,
        keys: app.dataKeys,
        storage: app.fileStorage,
        log: app.log,
        io: commandIo,
      },
      // The test app owns the database; the command must not close it.
      close: async () => undefined,
    }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The command line as `npm run admin` runs it: settings from the environment only. */
export async function runAdminFromEnv(env: NodeJS.ProcessEnv, argv: string[]): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    env,
    io: { out: (text) => out.push(text), err: (text) => err.push(text) },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function rowsOf<T>(app: FastifyInstance, query: SQL): Promise<T[]> {
  // Both drivers answer { rows }; the generic Database type calls it unknown.
  return ((await app.db.execute(query)) as { rows: T[] }).rows;
}

/** A digest of every row of every table, to show a refused command changed nothing. */
export async function databaseDigest(app: FastifyInstance): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    app,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const rows = await rowsOf<{ r: string }>(
      app,
      sql`select t::text as r from ${sql.identifier(name)} t order by 1`,
    );
    digest[name] = createHash('sha256')
      .update(rows.map((row) => row.r).join('\n'))
      .digest('hex');
  }
  return digest;
}
