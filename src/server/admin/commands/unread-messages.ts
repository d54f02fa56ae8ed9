import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { messages, students } from '../../db/schema.js';
import { recordAuditEvent } from '../../modules/audit/record-audit-event.js';
import type { AdminCommand } from '../command.js';
import { formatTime } from '../format-table.js';
import { parseOptions } from '../parse-options.js';
import { shown } from '../terminal-text.js';

const NAME = 'unread-messages';
const PREVIEW = 160;

interface UnreadMessage {
  id: number;
  subject: string;
  applicationId: number | null;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string | null;
}

/**
 * One message as the operator reads it. Everything the student wrote is escaped onto its own
 * lines (terminal-text.ts), and each line of the text starts with "| ": nothing a student writes
 * can look like the next message's heading or this message's end.
 */
function messageLines(r: UnreadMessage, text: string): string[] {
  const about = r.applicationId === null ? '' : `, application ${r.applicationId}`;
  return [
    `  #${r.id}  ${formatTime(r.createdAt)}  ${shown(`${r.firstName} ${r.lastName} <${r.email ?? '-'}>`)}${about}`,
    `    Subject: ${r.subject ? shown(r.subject) : '(no subject)'}`,
    ...text.split(/\r?\n/).map((line) => `    | ${shown(line)}`),
    `  (end of #${r.id})`,
  ];
}

export const unreadMessages: AdminCommand = {
  name: NAME,
  summary: 'list the messages students sent that no office has read, per office',
  help: `Usage: npm run admin -- ${NAME} [--office <name>] [--full] [--mark-read]

Lists students' messages to the offices that are not yet read (answering one with post-reply
--in-reply-to marks it read), grouped by the office they were sent to, oldest first.
  --office <name>  only this office, e.g. "Admissions Office"
  --full           the whole message, not its first ${PREVIEW} characters
  --mark-read      mark the messages listed as read by their office

Example: npm run admin -- ${NAME} --office "Admissions Office"`,
  prepare(argv) {
    const { values } = parseOptions(NAME, argv, {
      office: { type: 'string' },
      full: { type: 'boolean', default: false },
      'mark-read': { type: 'boolean', default: false },
    });
    return async (ctx) => {
      const rows = await ctx.db
        .select({
          id: messages.id,
          office: messages.toName,
          subject: messages.subject,
          content: messages.content,
          applicationId: messages.applicationId,
          createdAt: messages.createdAt,
          firstName: students.firstName,
          lastName: students.lastName,
          email: students.email,
        })
        .from(messages)
        .innerJoin(students, eq(students.id, messages.studentId))
        .where(
          and(
            eq(messages.direction, 'outbound'),
            isNull(messages.officeReadAt),
            values.office === undefined ? undefined : eq(messages.toName, values.office),
          ),
        )
        .orderBy(asc(messages.toName), asc(messages.createdAt), asc(messages.id));
      if (rows.length === 0) {
        ctx.io.out(
          `No unread messages${values.office === undefined ? '' : ` for ${values.office}`}.`,
        );
        return;
      }
      const offices = [...new Set(rows.map((r) => r.office))];
      for (const office of offices) {
        const mine = rows.filter((r) => r.office === office);
        ctx.io.out(`${shown(office)}: ${mine.length} unread`);
        for (const r of mine) {
          const text =
            values.full || r.content.length <= PREVIEW
              ? r.content
              : `${r.content.slice(0, PREVIEW)}...`;
          for (const line of messageLines(r, text)) ctx.io.out(line);
        }
      }
      if (values['mark-read']) {
        await ctx.db.transaction(async (tx) => {
          const marked = await tx
            .update(messages)
            .set({ officeReadAt: new Date() })
            .where(
              and(
                inArray(
                  messages.id,
                  rows.map((r) => r.id),
                ),
                isNull(messages.officeReadAt),
              ),
            )
            .returning({ id: messages.id, studentId: messages.studentId });
          // One audit row per student, so each student's timeline shows what was read of theirs.
          const idsByStudent = new Map<string, number[]>();
          for (const m of marked)
            idsByStudent.set(m.studentId, [...(idsByStudent.get(m.studentId) ?? []), m.id]);
          for (const [studentId, ids] of idsByStudent) {
            await recordAuditEvent(
              tx,
              { actor: 'command-line' },
              {
                action: 'messages.mark-read',
                studentId,
                details: { messageIds: ids.sort((a, b) => a - b) },
              },
            );
          }
        });
        ctx.io.out(`Marked ${rows.length} messages read.`);
      }
    };
  },
};
