/**
 * A scratch database on the PostgreSQL server BENCH_DATABASE_URL names (a URL of a database the
 * benchmark may create databases from), dropped after the run.
 */
import pg from 'pg';

export interface ScratchPostgres {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function runAsAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createScratchPostgres(adminUrl: string): Promise<ScratchPostgres> {
  const name = `portal_bench_${Date.now()}`;
  await runAsAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => runAsAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
