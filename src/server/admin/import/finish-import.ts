import { AdminError } from '../admin-error.js';
import type { AdminContext } from '../command.js';
import type { Database } from '../../db/client.js';
import type { ImportProblem } from '../../lib/import-records/validate-records.js';

export interface ImportOutcome {
  file: string;
  dryRun: boolean;
  problems: ImportProblem[];
  /** What would be written, in words: "3 schools". */
  summary: string;
  /** Writes everything, inside the one transaction it is given; answers lines to print. */
  apply(tx: Database): Promise<string[]>;
}

/**
 * The end every import shares: any problem refuses the whole file and lists every one by line; a
 * dry run stops there; otherwise everything is written in one transaction, so a failure half-way
 * (a database error, another operator importing the same e-mail meanwhile) leaves nothing behind.
 */
export async function finishImport(ctx: AdminContext, outcome: ImportOutcome): Promise<void> {
  const { file, problems } = outcome;
  if (problems.length > 0) {
    const sorted = [...problems].sort(
      (a, b) => (a.file ?? file).localeCompare(b.file ?? file) || a.line - b.line,
    );
    for (const p of sorted) ctx.io.err(`${p.file ?? file}:${p.line}: ${p.message}`);
    const lines = new Set(sorted.map((p) => `${p.file ?? file}:${p.line}`)).size;
    throw new AdminError(`${lines} bad ${lines === 1 ? 'row' : 'rows'}; nothing was imported.`);
  }
  if (outcome.dryRun) {
    ctx.io.out(
      `Dry run: ${file} is good; it would import ${outcome.summary}. Nothing was written.`,
    );
    return;
  }
  const report = await ctx.db.transaction((tx) => outcome.apply(tx));
  for (const line of report) ctx.io.out(line);
  ctx.io.out(`Imported ${outcome.summary} from ${file}.`);
}
