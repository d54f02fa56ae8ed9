import type { Database } from '../../db/client.js';
import type { DataKeys } from '../../lib/crypto.js';

/** The key the data is under now, and the one it moves to. */
export interface KeyPair {
  current: DataKeys;
  next: DataKeys;
}

/**
 * One table's part of a DATA_KEY rotation, planned inside the rotation's transaction: everything
 * is read and decrypted with the current key first (a dry run stops there), then written, then
 * read back with the new key before the transaction commits.
 */
export interface RotationStep {
  /** One row per column: its `table.column`, how many values, and what happens to them. */
  report: [string, number, string][];
  write(tx: Database): Promise<void>;
  /** Reads back what `write` wrote and throws on the first value that is not as planned. */
  check(tx: Database): Promise<void>;
}

/** A difference found by a step's `check`: the transaction is rolled back. */
export class RotationCheckError extends Error {
  constructor(what: string, rowId: string | number) {
    super(
      `the check after writing found ${what} of row ${rowId} not as written; the rotation was rolled back and nothing was changed`,
    );
    this.name = 'RotationCheckError';
  }
}
