import { auditActionName } from '../../../shared/audit-log.js';
import type { Database } from '../../db/client.js';
import { csvLine } from '../../lib/write-csv.js';
import { type AuditFilters, listAuditEvents } from './list-audit-events.js';

/**
 * The most rows one export holds: a larger match is refused before anything is sent (the admin
 * narrows the dates), never cut short in silence, which would pass for the whole log.
 */
export const AUDIT_CSV_MAX_ROWS = 100_000;
/** Rows read per query while the file streams: memory stays flat whatever the export's size. */
const ROWS_PER_READ = 1000;

const HEADER = [
  'time_utc',
  'actor',
  'staff_id',
  'staff_name',
  'action',
  'action_name',
  'student_id',
  'student_name',
  'address',
  'details',
];

/**
 * The audit rows the filters match as CSV text, newest first, a page of rows per chunk: a byte
 * order mark (so a spreadsheet reads the students' names as UTF-8), the header, then one CRLF-ended
 * record per row (RFC 4180), its details as JSON. Every cell goes through csvLine, which quotes
 * and defuses what a spreadsheet would run as a formula.
 */
export async function* auditCsvLines(db: Database, filters: AuditFilters): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(HEADER)}\r\n`;
  let afterId: number | undefined;
  let written = 0;
  for (;;) {
    const limit = Math.min(ROWS_PER_READ, AUDIT_CSV_MAX_ROWS - written);
    if (limit <= 0) return;
    const page = await listAuditEvents(db, filters, { afterId, limit });
    yield page.items
      .map(
        (e) =>
          `${csvLine([
            e.at,
            e.actor,
            e.staffId,
            e.staffName,
            e.action,
            auditActionName(e.action),
            e.studentId,
            e.studentName,
            e.address,
            JSON.stringify(e.details),
          ])}\r\n`,
      )
      .join('');
    written += page.items.length;
    afterId = page.items.at(-1)?.id;
    if (!page.more || afterId === undefined) return;
  }
}
