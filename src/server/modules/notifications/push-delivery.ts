import { inArray, sql } from 'drizzle-orm';
import type { TLanguage } from '../../../shared/languages.js';
import type { Database } from '../../db/client.js';
import { notifications, pushSubscriptions } from '../../db/schema.js';
import { renderPush } from './push-payload.js';
import type { PushSender, PushTarget } from './push-sender.js';

/**
 * A push notification's browsers, read in the batch's one query: every subscription of its
 * recipient, as JSON (null for an e-mail, or for a person with none).
 */
export const pushTargetsColumn = sql<
  PushTarget[] | null
>`case when ${notifications.channel} = 'push' then (
  select json_agg(json_build_object('id', ps.id, 'endpoint', ps.endpoint, 'p256dh', ps.p256dh, 'auth', ps.auth))
  from ${pushSubscriptions} ps
  where ps.student_id = ${notifications.studentId} or ps.staff_id = ${notifications.staffId}) end`;

/**
 * Sends a push notification to each browser of its recipient, side by side, in their language.
 * Sent when one push service took it; skipped when none is left (no subscription, or each one
 * gone: their ids are added to `gone`, for the caller to delete). Throws, for the job's retries,
 * only when no browser took it and one failed otherwise: one that did take it is not sent a
 * second copy, so a browser whose push service failed misses this one (the e-mail still tells
 * the person).
 */
export async function deliverPush(
  push: PushSender,
  row: {
    template: string;
    params: Record<string, string>;
    language: TLanguage;
    targets: PushTarget[] | null;
  },
  gone: string[],
): Promise<'sent' | 'skipped'> {
  const message = renderPush(row, row.language);
  const outcomes = await Promise.allSettled(
    (row.targets ?? []).map(async (target) => ({
      target,
      outcome: await push.send(target, message),
    })),
  );
  for (const settled of outcomes) {
    if (settled.status === 'fulfilled' && settled.value.outcome === 'gone') {
      gone.push(settled.value.target.id);
    }
  }
  if (outcomes.some((o) => o.status === 'fulfilled' && o.value.outcome === 'sent')) return 'sent';
  const failed = outcomes.find((o) => o.status === 'rejected');
  if (failed) throw failed.reason;
  return 'skipped';
}

/** Deletes the subscriptions push services said are gone (404 or 410). */
export async function forgetGoneSubscriptions(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));
}
