import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { MESSAGE_LIMITS } from '../../../shared/messages.js';
import { applications } from '../../db/schema.js';
import {
  lockStudentMessage,
  postOfficeMessage,
  replySubject,
} from '../../modules/messages/post-office-message.js';
import { AdminError, UsageError } from '../admin-error.js';
import type { AdminCommand } from '../command.js';
import { describeStudent, findStudent } from '../find-student.js';
import { integerOption, parseOptions } from '../parse-options.js';
import { shown } from '../terminal-text.js';

const NAME = 'post-reply';

interface Reply {
  student: string;
  from: string | undefined;
  subject: string | undefined;
  content: string;
  applicationId: number | undefined;
  inReplyTo: number | undefined;
}

async function readContent(command: string, text: string | undefined, file: string | undefined) {
  if ((text === undefined) === (file === undefined)) {
    throw new UsageError(
      `${command}: give the message as --content <text> or --content-file <file>`,
    );
  }
  let content = text ?? '';
  if (file !== undefined) {
    try {
      content = await readFile(file, 'utf8');
    } catch (error) {
      throw new AdminError(
        `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
  }
  content = content.trim();
  if (content === '') throw new UsageError(`${command}: the message is empty`);
  if (content.length > MESSAGE_LIMITS.content) {
    throw new UsageError(
      `${command}: the message has ${content.length} characters; at most ${MESSAGE_LIMITS.content}`,
    );
  }
  return content;
}

function checkedSubject(subject: string | undefined): string | undefined {
  const trimmed = subject?.trim();
  if (trimmed === '') throw new UsageError(`${NAME}: --subject cannot be empty`);
  if (trimmed !== undefined && trimmed.length > MESSAGE_LIMITS.subject) {
    throw new UsageError(`${NAME}: --subject is longer than ${MESSAGE_LIMITS.subject} characters`);
  }
  return trimmed;
}

export const postReply: AdminCommand = {
  name: NAME,
  summary: "post an admissions office's message into a student's messages",
  help: `Usage: npm run admin -- ${NAME} <student id or e-mail> [options]

Posts a message from an office to the student; it shows as unread on their messages page.
  --in-reply-to <message id>  answer this message of the student's (see unread-messages): the
                              office, subject ("Re: ...") and application default to its
                              own, and it is marked read by the office
  --from <name>               who it is from, e.g. "Lakeshore State University Admissions"
                              (required without --in-reply-to)
  --subject <text>            at most ${MESSAGE_LIMITS.subject} characters (required without --in-reply-to)
  --content <text> | --content-file <file>
                              the message, at most ${MESSAGE_LIMITS.content} characters (required)
  --application <id>          the student's application it is about

Example: npm run admin -- ${NAME} priya@example.com --in-reply-to 41 --content-file reply.txt`,
  async prepare(argv) {
    const { values: v, positionals } = parseOptions(
      NAME,
      argv,
      {
        from: { type: 'string' },
        subject: { type: 'string' },
        content: { type: 'string' },
        'content-file': { type: 'string' },
        application: { type: 'string' },
        'in-reply-to': { type: 'string' },
      },
      ['<student id or e-mail>'],
    );
    const id = (name: string, value: string | undefined) =>
      value === undefined
        ? undefined
        : integerOption(NAME, name, value, { min: 1, max: 2_147_483_647, fallback: 0 });
    const reply: Reply = {
      student: positionals[0] ?? '',
      from: v.from?.trim() || undefined,
      subject: checkedSubject(v.subject),
      content: await readContent(NAME, v.content, v['content-file']),
      applicationId: id('application', v.application),
      inReplyTo: id('in-reply-to', v['in-reply-to']),
    };
    if (
      reply.inReplyTo === undefined &&
      (reply.from === undefined || reply.subject === undefined)
    ) {
      throw new UsageError(
        `${NAME}: --from and --subject are needed unless the message answers one (--in-reply-to)`,
      );
    }
    return async (ctx) => {
      const student = await findStudent(ctx.db, reply.student);
      const posted = await ctx.db.transaction(async (tx) => {
        const answers =
          reply.inReplyTo === undefined
            ? null
            : await lockStudentMessage(tx, student.id, reply.inReplyTo);
        if (answers === undefined)
          throw new AdminError(`${describeStudent(student)} sent no message ${reply.inReplyTo}.`);
        if (reply.applicationId !== undefined) {
          const [owned] = await tx
            .select({ id: applications.id })
            .from(applications)
            .where(
              and(eq(applications.id, reply.applicationId), eq(applications.studentId, student.id)),
            );
          if (!owned)
            throw new AdminError(
              `${describeStudent(student)} has no application ${reply.applicationId}.`,
            );
        }
        // Without --in-reply-to, prepare has required --from and --subject.
        return postOfficeMessage(tx, { actor: 'command-line' }, student, {
          from: reply.from ?? answers?.toName ?? '',
          subject: reply.subject ?? (answers ? replySubject(answers.subject) : ''),
          content: reply.content,
          applicationId: reply.applicationId ?? answers?.applicationId ?? null,
          answers,
        });
      });
      ctx.io.out(
        `Posted message ${posted.id} from ${shown(posted.from)} to ${describeStudent(student)}: "${shown(posted.subject)}"`,
      );
    };
  },
};
