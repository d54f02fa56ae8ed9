import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import type { DataKeys } from './lib/crypto.js';
import type { SessionTokenSigner } from './modules/auth/session-claims.js';

/** What every route module may use, decorated on the Fastify instance by buildApp. */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    dataKeys: DataKeys;
    sessionTokens: SessionTokenSigner;
  }
}
