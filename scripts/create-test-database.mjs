// CI: make sure the database the API tests connect through exists on the local PostgreSQL.
// Each test file then creates (and drops) a fresh database of its own from this connection.
import pg from 'pg';

const url = new URL(process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/portal_test');
const name = url.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
const server = new URL(url);
server.pathname = '/postgres';
const client = new pg.Client({ connectionString: server.toString() });
await client.connect();
const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
if (rowCount === 0) await client.query(`create database ${name}`);
await client.end();
console.log(`PostgreSQL test database ready: ${name}`);
