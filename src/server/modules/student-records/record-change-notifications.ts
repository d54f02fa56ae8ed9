import { APPLICATION_STATUS_NAMES } from '../../../shared/staff-student-changes.js';
import type { NewNotification } from '../notifications/record-notifications.js';

/** What a record change did, as changeStudentRecord keeps it for the audit row. */
interface ChangeDetails {
  applications?: { id: number; university: string; from: string | null; to: string }[];
  moiReview?: { to: string | null; reason?: string | null };
  changes?: Record<string, unknown>;
}

const statusName = (status: string) =>
  (APPLICATION_STATUS_NAMES as Record<string, string | undefined>)[status] ?? status;

/** Whether a column went from anything else to `to` (a change that changes nothing tells nobody). */
function became(changes: Record<string, unknown> | undefined, column: string, to: unknown) {
  const change = changes?.[column] as { from: unknown; to: unknown } | undefined;
  return change !== undefined && change.to === to && change.from !== to;
}

/**
 * What the student is told of a change to their record: each application's new status, the I-20
 * issued, the SEVIS fee marked paid, the interview accepted or to be recorded again (with the
 * reason they read).
 */
export function notificationsOf(studentId: string, details: ChangeDetails): NewNotification[] {
  const to = { studentId };
  const notes: NewNotification[] = [];
  for (const application of details.applications ?? []) {
    if (application.from === application.to) continue;
    notes.push({
      template: 'application.status',
      to,
      params: {
        university: application.university,
        status: statusName(application.to),
        applicationId: String(application.id),
      },
    });
  }
  if (became(details.changes, 'i20Issued', true))
    notes.push({ template: 'i20.issued', to, params: {} });
  if (became(details.changes, 'sevisPaid', true))
    notes.push({ template: 'sevis.paid', to, params: {} });
  if (details.moiReview?.to === 'passed') notes.push({ template: 'moi.accepted', to, params: {} });
  if (details.moiReview?.to === 'failed') {
    notes.push({ template: 'moi.retake', to, params: { reason: details.moiReview.reason ?? '' } });
  }
  return notes;
}
