import { count, desc, eq } from 'drizzle-orm';
import { visaWaitTimeRefreshes, visaWaitTimes } from '../../db/schema.js';
import type { AdminCommand } from '../command.js';
import { formatTable, formatTime } from '../format-table.js';
import { integerOption, parseOptions } from '../parse-options.js';

const NAME = 'wait-times-status';

export const waitTimesStatus: AdminCommand = {
  name: NAME,
  summary: 'show when the visa wait times were last refreshed, and from where',
  help: `Usage: npm run admin -- ${NAME} [--last <n>]

Shows the last good refresh (when, from which address, the source's own date, how many
posts), then the latest attempts, failed ones with their error.
  --last <n>  how many attempts to list, 1 to 100 (default 5)`,
  prepare(argv) {
    const { values } = parseOptions(NAME, argv, { last: { type: 'string' } });
    const last = integerOption(NAME, 'last', values.last, { min: 1, max: 100, fallback: 5 });
    return async (ctx) => {
      const [good] = await ctx.db
        .select()
        .from(visaWaitTimeRefreshes)
        .where(eq(visaWaitTimeRefreshes.outcome, 'ok'))
        .orderBy(desc(visaWaitTimeRefreshes.id))
        .limit(1);
      const [posts] = await ctx.db.select({ n: count() }).from(visaWaitTimes);
      ctx.io.out(`Posts served: ${posts?.n ?? 0}`);
      ctx.io.out(`Configured source: ${ctx.config.visaWaitTimes.sourceUrl}`);
      ctx.io.out(
        good
          ? `Last good refresh: ${formatTime(good.refreshedAt)} from ${good.sourceUrl} (source updated ${good.sourceUpdatedOn ?? 'on an unstated date'}, ${good.postCount} posts)`
          : 'Last good refresh: never',
      );
      const attempts = await ctx.db
        .select()
        .from(visaWaitTimeRefreshes)
        .orderBy(desc(visaWaitTimeRefreshes.id))
        .limit(last);
      ctx.io.out('');
      ctx.io.out(
        formatTable(
          ['attempted', 'outcome', 'posts', 'source', 'error'],
          attempts.map((a) => [
            formatTime(a.refreshedAt),
            a.outcome,
            String(a.postCount),
            a.sourceUrl,
            a.error ?? '',
          ]),
        ),
      );
    };
  },
};
