import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

interface Connection {
  application: string;
  client: string;
  since: string;
}

/**
 * The other sessions connected to this PostgreSQL database. A server instance still running with
 * the old DATA_KEY would go on writing values the new key cannot read, so the rotation refuses
 * while any is connected, unless told they are not servers (a monitoring agent, your own psql).
 */
export async function otherConnections(db: Database): Promise<string[]> {
  const rows = await queryRows<Connection>(
    db,
    sql`select coalesce(nullif(application_name, ''), '-') as application,
               coalesce(host(client_addr), 'local') as client,
               to_char(backend_start at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as since
          from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()
           and backend_type = 'client backend'
         order by backend_start`,
  );
  return rows.map((r) => `  ${r.application} from ${r.client}, connected since ${r.since} UTC`);
}
