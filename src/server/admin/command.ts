import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { DataKeys } from '../lib/crypto.js';
import type { FileStorage } from '../storage/file-storage.js';

/** Where a command writes: results to `out` (pipe-able), warnings and refusals to `err`. */
export interface AdminIo {
  out(text: string): void;
  err(text: string): void;
}

/** What a command works with once its arguments are good: the server's own database and files. */
export interface AdminContext {
  config: Config;
  db: Database;
  keys: DataKeys;
  storage: FileStorage;
  log: FastifyBaseLogger;
  io: AdminIo;
}

export type AdminWork = (ctx: AdminContext) => Promise<void>;

export interface AdminCommand {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** What `--help` prints: usage, arguments, options, an example. */
  help: string;
  /**
   * Checks the arguments (and reads any input file) before the database is opened, throwing a
   * UsageError or AdminError for anything wrong, and answers the work to do.
   */
  prepare(argv: string[]): AdminWork | Promise<AdminWork>;
  /**
   * Brings the database to this version's migrations before the work, as the server does at
   * start-up: only restore, which fills a new, empty database. Every other command refuses a
   * database behind this version.
   */
  migratesFirst?: boolean;
}
