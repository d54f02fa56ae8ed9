/**
 * A migration failed at start-up. drizzle applies the pending migrations in one transaction, so
 * the database rolled all of them back and its schema is as it was; the server must not serve on
 * it. The message names the database's own reason (drizzle wraps it) and the failed statement's
 * first line.
 */
export class MigrationFailedError extends Error {
  constructor(cause: unknown) {
    super(
      'Start-up stopped: a database migration failed. The migrations run in one transaction, ' +
        'which was rolled back: none was applied, and the server did not start.\n' +
        `  Reason: ${rootMessage(cause)}` +
        failedStatement(cause),
      { cause },
    );
    this.name = 'MigrationFailedError';
  }
}

function rootMessage(error: unknown): string {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  return root instanceof Error ? root.message : String(root);
}

/** drizzle's error carries the failed statement; its first line is enough to find the migration. */
function failedStatement(error: unknown): string {
  const query = error instanceof Error && 'query' in error ? error.query : undefined;
  const firstLine =
    typeof query === 'string'
      ? query
          .split('\n')
          .map((line) => line.trim())
          .find((line) => line.length > 0)
      : undefined;
  return firstLine ? `\n  Statement: ${firstLine.slice(0, 200)}` : '';
}
