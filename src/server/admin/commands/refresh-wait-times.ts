import type { AdminCommand } from '../command.js';
import { AdminError } from '../admin-error.js';
import { refreshWaitTimes } from '../../modules/visa-wait-times/refresh-wait-times.js';
import { parseOptions } from '../parse-options.js';

const NAME = 'refresh-wait-times';

export const refreshWaitTimesCommand: AdminCommand = {
  name: NAME,
  summary: 'refresh the consulate visa wait times from the source now',
  help: `Usage: npm run admin -- ${NAME}

Fetches the wait times from VISA_WAIT_TIMES_URL (the State Department's page by default) now,
whatever the schedule, and saves them if the page reads well; a failure keeps the last good
figures and is recorded (see wait-times-status). Running servers serve the new figures after
their next scheduled run (VISA_WAIT_TIMES_REFRESH_HOURS), which sees this refresh and reloads.`,
  prepare(argv) {
    parseOptions(NAME, argv, {});
    return async (ctx) => {
      const sourceUrl = ctx.config.visaWaitTimes.sourceUrl;
      ctx.io.out(`Refreshing from ${sourceUrl} ...`);
      const outcome = await refreshWaitTimes({
        db: ctx.db,
        log: ctx.log,
        sourceUrl,
        cancel: new AbortController().signal,
        skipIfAttemptedWithinMs: 0,
      });
      if (outcome.outcome === 'failed') {
        throw new AdminError(`The refresh failed; the last good figures stay. ${outcome.error}`);
      }
      if (outcome.outcome === 'skipped') {
        ctx.io.out(
          `Another server refreshed at the same moment (${outcome.reason}); its figures stand.`,
        );
        return;
      }
      ctx.io.out(
        `Refreshed: ${outcome.postCount} posts (source updated ${outcome.sourceUpdatedOn ?? 'on an unstated date'}); ${outcome.changedPosts} changed, ${outcome.removedPosts.length} removed.`,
      );
      if (outcome.skippedPosts.length > 0) {
        ctx.io.out(`Skipped posts with no known country: ${outcome.skippedPosts.join(', ')}`);
      }
    };
  },
};
