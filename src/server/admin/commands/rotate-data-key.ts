import { readFile } from 'node:fs/promises';
import { DATA_KEY_PATTERN, replaceDevDataKey } from '../../config.js';
import { deriveDataKeys } from '../../lib/crypto.js';
import { AdminError, UsageError } from '../admin-error.js';
import type { AdminCommand, AdminContext } from '../command.js';
import { otherConnections } from '../data-key/other-connections.js';
import { rotateDataKey } from '../data-key/rotate-data-key.js';
import { formatTable } from '../format-table.js';
import { inviteCodesCsv } from '../../modules/student-import/invite-codes.js';
import { inviteCodeLines } from '../invite-code-lines.js';
import { createNewFile } from '../output-file.js';
import { parseOptions } from '../parse-options.js';

const NAME = 'rotate-data-key';

/** The new key comes from a file: an argument would stay in shell history and show in `ps`. */
async function readNewKey(path: string): Promise<Buffer> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new AdminError(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  if (!DATA_KEY_PATTERN.test(text.trim())) {
    throw new AdminError(
      `${path} must hold the new key alone: 64 hexadecimal characters, as openssl rand -hex 32 writes. Nothing was changed.`,
    );
  }
  return Buffer.from(text.trim(), 'hex');
}

async function refuseWhileOthersConnected(ctx: AdminContext): Promise<void> {
  if (!('url' in ctx.config.database)) return;
  const others = await otherConnections(ctx.db);
  if (others.length === 0) return;
  throw new AdminError(
    [
      `${others.length} other ${others.length === 1 ? 'session is' : 'sessions are'} connected to this database:`,
      ...others,
      'A server still running with the old DATA_KEY would go on writing what the new key cannot read: stop every server first. If these are not servers (a monitoring agent, your own psql), run again with --allow-other-connections. Nothing was changed.',
    ].join('\n'),
  );
}

export const rotateDataKeyCommand: AdminCommand = {
  name: NAME,
  summary: 'move everything DATA_KEY protects to a new key (after a leak), in one transaction',
  help: `Usage: npm run admin -- ${NAME} --new-key-file <file> [options]

Moves everything DATA_KEY protects to a new key, in one transaction (docs/operations.md, "Key
rotation"): the sealed profile fields (passport number, birth date, medical conditions,
emergency contact) are decrypted and encrypted again; the lookup hashes of passport numbers and
birth dates are computed again from the profile; open invites get new codes, printed once (the
old codes stop working; the published demo code is kept); per-address rate-limit counters are
deleted. Everything is read with the current key first: a value it cannot open is refused by
table, column and row, and nothing is changed. After writing, every value is read back with the
new key before the transaction commits.

Stop every server first. Then start them with DATA_KEY set to the new key. Without DATA_KEY
(outside production), DATA_DIR/dev-secrets.json holds the key: it is updated.

Options:
  --new-key-file <file>      the new key alone in a file: 64 hexadecimal characters
                             (openssl rand -hex 32). Never on the command line.
  --dry-run                  read and decrypt everything with the current key and report
                             the counts per table and column; write nothing (on PostgreSQL
                             it may run beside the servers)
  --codes-out <file>         write the new invite codes to this new CSV file (readable by
                             you only) instead of the terminal
  --use-profile-values       for a student whose profile no longer holds the passport number
                             or birth date they were imported with, hash what it holds
  --allow-other-connections  PostgreSQL: go on although other sessions are connected (ones
                             you know are not servers)

Example: openssl rand -hex 32 > new-data-key && chmod 600 new-data-key
         npm run admin -- ${NAME} --new-key-file new-data-key --dry-run`,
  async prepare(argv) {
    const { values } = parseOptions(NAME, argv, {
      'new-key-file': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'codes-out': { type: 'string' },
      'use-profile-values': { type: 'boolean', default: false },
      'allow-other-connections': { type: 'boolean', default: false },
    });
    const keyFile = values['new-key-file'];
    if (keyFile === undefined) throw new UsageError(`${NAME}: --new-key-file <file> is required`);
    const newKey = await readNewKey(keyFile);
    const dryRun = values['dry-run'];
    const codesOut = values['codes-out'];

    return async (ctx) => {
      if (newKey.equals(ctx.config.dataKey)) {
        throw new AdminError(
          'The new key is the current DATA_KEY: nothing to rotate. Generate a new one with openssl rand -hex 32.',
        );
      }
      // A dry run writes nothing, so it may run beside the servers.
      if (!dryRun && !values['allow-other-connections']) await refuseWhileOthersConnected(ctx);
      const codesFile = codesOut && !dryRun ? await createNewFile(codesOut) : null;
      let outcome;
      try {
        outcome = await rotateDataKey(ctx.db, {
          current: ctx.keys,
          next: deriveDataKeys(newKey),
          dryRun,
          useProfileValues: values['use-profile-values'],
        });
      } catch (error) {
        await codesFile?.discard();
        throw error;
      }
      const rows = outcome.report.map(([name, count, what]) => [name, String(count), what]);
      ctx.io.out(formatTable(['value', 'rows', dryRun ? 'would be' : 'done'], rows));
      if (dryRun) {
        ctx.io.out(
          'Dry run: every value was read with the current DATA_KEY, and would be written with the new one. Nothing was changed.',
        );
        return;
      }
      ctx.io.out('DATA_KEY rotated; every value was read back with the new key.');
      if (codesFile) {
        await codesFile.write(inviteCodesCsv(outcome.newCodes));
        ctx.io.out(`New invite codes written to ${codesOut ?? ''} (shown this once).`);
      } else if (outcome.newCodes.length > 0) {
        for (const line of inviteCodeLines(outcome.newCodes)) ctx.io.out(line);
      }
      ctx.io.out(
        replaceDevDataKey(ctx.config.dataDir, ctx.config.dataKey, newKey)
          ? `${ctx.config.dataDir}/dev-secrets.json now holds the new key: a server started without DATA_KEY reads it from there.`
          : 'Next: start every server with DATA_KEY set to the new key; the old key no longer reads this database.',
      );
    };
  },
};
