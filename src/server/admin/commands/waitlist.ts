import { asc, eq } from 'drizzle-orm';
import { waitlistEntries } from '../../db/schema.js';
import type { AdminCommand } from '../command.js';
import { formatTable, formatTime } from '../format-table.js';
import { csvLine } from '../../lib/write-csv.js';
import { writeNewFile } from '../output-file.js';
import { parseOptions } from '../parse-options.js';

const NAME = 'waitlist';

export const waitlist: AdminCommand = {
  name: NAME,
  summary: 'list the waitlist, or export it as CSV',
  help: `Usage: npm run admin -- ${NAME} [--feature <name>] [--csv <file>|-]

Lists who joined the waitlist for a feature that is not built yet, oldest first.
  --feature <name>  only this feature
  --csv <file>      write CSV (email,feature,joined_at) to a new file; - writes it to the terminal

Example: npm run admin -- ${NAME} --csv waitlist.csv`,
  prepare(argv) {
    const { values } = parseOptions(NAME, argv, {
      feature: { type: 'string' },
      csv: { type: 'string' },
    });
    return async (ctx) => {
      const rows = await ctx.db
        .select()
        .from(waitlistEntries)
        .where(
          values.feature === undefined ? undefined : eq(waitlistEntries.feature, values.feature),
        )
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
      if (values.csv !== undefined) {
        const text = [
          csvLine(['email', 'feature', 'joined_at']),
          ...rows.map((r) => csvLine([r.email, r.feature, r.createdAt.toISOString()])),
        ].join('\n');
        if (values.csv === '-') ctx.io.out(text);
        else {
          await writeNewFile(values.csv, `${text}\n`);
          ctx.io.out(`Wrote ${rows.length} waitlist entries to ${values.csv}.`);
        }
        return;
      }
      if (rows.length === 0) {
        ctx.io.out('The waitlist is empty.');
        return;
      }
      ctx.io.out(
        formatTable(
          ['joined', 'feature', 'email'],
          rows.map((r) => [formatTime(r.createdAt), r.feature, r.email]),
        ),
      );
      ctx.io.out(`${rows.length} entries.`);
    };
  },
};
