import { MOI_REVIEW_RESULTS, MOI_STATUSES } from '../../../shared/moi.js';
import { HttpError } from '../../lib/http-error.js';
import {
  changeStudentRecord,
  type StudentColumnChanges,
  type StudentRecordChange,
} from '../../modules/student-records/change-student-record.js';
import { UsageError } from '../admin-error.js';
import type { AdminCommand } from '../command.js';
import { describeStudent, findStudent } from '../find-student.js';
import {
  applicationStatus,
  isCalendarDate,
  optionalLink,
} from '../../lib/import-records/columns.js';
import { parseOptions } from '../parse-options.js';
import { AdminError } from '../admin-error.js';

const NAME = 'update-student';
// 'none' takes a review back.
const MOI_REVIEWS = [...MOI_REVIEW_RESULTS, 'none'] as const;

interface Plan {
  student: string;
  changes: StudentColumnChanges;
  moiReview: (typeof MOI_REVIEWS)[number] | undefined;
  applicationStatuses: { id: number; status: string }[];
}

function date(option: string, value: string): string {
  if (!isCalendarDate(value))
    throw new UsageError(`${NAME}: --${option} must be a date like 2026-07-01`);
  return value;
}

function link(option: string, value: string): string {
  const parsed = optionalLink.safeParse(value);
  if (!parsed.success || parsed.data === null) {
    throw new UsageError(`${NAME}: --${option} must be a web address (https://...)`);
  }
  return parsed.data;
}

function oneOf<T extends string>(
  option: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!found) throw new UsageError(`${NAME}: --${option} must be one of ${allowed.join(', ')}`);
  return found;
}

function parseApplicationStatus(value: string): { id: number; status: string } {
  const [id, status] = value.split('=');
  const parsedStatus = applicationStatus.safeParse(status ?? '');
  if (!id || !/^\d{1,9}$/.test(id) || !parsedStatus.success) {
    throw new UsageError(
      `${NAME}: --application must be <application id>=<status>, like 12=accepted`,
    );
  }
  return { id: Number(id), status: parsedStatus.data };
}

function plan(argv: string[]): Plan {
  const { values: v, positionals } = parseOptions(
    NAME,
    argv,
    {
      'admission-status': { type: 'string' },
      degree: { type: 'string' },
      major: { type: 'string' },
      'admitted-semester': { type: 'string' },
      'acceptance-letter': { type: 'string' },
      'i20-issued': { type: 'string' },
      'i20-document': { type: 'string' },
      'clear-i20': { type: 'boolean', default: false },
      'sevis-paid': { type: 'string' },
      'clear-sevis': { type: 'boolean', default: false },
      'visa-appointment': { type: 'string' },
      'clear-visa-appointment': { type: 'boolean', default: false },
      'moi-status': { type: 'string' },
      'moi-review': { type: 'string' },
      application: { type: 'string', multiple: true, default: [] },
    },
    ['<student id or e-mail>'],
  );
  const changes: StudentColumnChanges = {};
  const text = (option: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (value.trim() === '') throw new UsageError(`${NAME}: --${option} cannot be empty`);
    return value.trim();
  };
  changes.admissionStatus = text('admission-status', v['admission-status']);
  changes.degree = text('degree', v.degree);
  changes.major = text('major', v.major);
  changes.admittedSemester = text('admitted-semester', v['admitted-semester']);
  if (v['acceptance-letter'] !== undefined)
    changes.acceptanceLetterUrl = link('acceptance-letter', v['acceptance-letter']);

  const i20Issued = v['i20-issued'];
  const i20Document = v['i20-document'];
  if ((i20Issued === undefined) !== (i20Document === undefined)) {
    throw new UsageError(`${NAME}: --i20-issued <date> and --i20-document <link> go together`);
  }
  if (i20Issued !== undefined && i20Document !== undefined) {
    if (v['clear-i20'])
      throw new UsageError(`${NAME}: --i20-issued and --clear-i20 contradict each other`);
    Object.assign(changes, {
      i20Issued: true,
      i20IssuedOn: date('i20-issued', i20Issued),
      i20DocumentUrl: link('i20-document', i20Document),
    });
  } else if (v['clear-i20'])
    Object.assign(changes, { i20Issued: false, i20IssuedOn: null, i20DocumentUrl: null });

  if (v['sevis-paid'] !== undefined) {
    if (v['clear-sevis'])
      throw new UsageError(`${NAME}: --sevis-paid and --clear-sevis contradict each other`);
    Object.assign(changes, { sevisPaid: true, sevisPaidOn: date('sevis-paid', v['sevis-paid']) });
  } else if (v['clear-sevis']) Object.assign(changes, { sevisPaid: false, sevisPaidOn: null });

  if (v['visa-appointment'] !== undefined) {
    if (v['clear-visa-appointment'])
      throw new UsageError(
        `${NAME}: --visa-appointment and --clear-visa-appointment contradict each other`,
      );
    changes.visaAppointmentOn = date('visa-appointment', v['visa-appointment']);
  } else if (v['clear-visa-appointment']) changes.visaAppointmentOn = null;

  changes.moiStatus = oneOf('moi-status', v['moi-status'], MOI_STATUSES);
  const moiReview = oneOf('moi-review', v['moi-review'], MOI_REVIEWS);
  const applicationStatuses = v.application.map(parseApplicationStatus);
  // Options not given left undefined keys behind; a key present means "set this column".
  const defined: StudentColumnChanges = Object.fromEntries(
    Object.entries(changes as Record<string, unknown>).filter(([, value]) => value !== undefined),
  );
  if (
    Object.keys(defined).length === 0 &&
    moiReview === undefined &&
    applicationStatuses.length === 0
  ) {
    throw new UsageError(`${NAME}: nothing to change; give at least one option`);
  }
  return { student: positionals[0] ?? '', changes: defined, moiReview, applicationStatuses };
}

export const updateStudent: AdminCommand = {
  name: NAME,
  summary:
    "move a student's record along: admission, I-20, SEVIS, visa appointment, MOI, applications",
  help: `Usage: npm run admin -- ${NAME} <student id or e-mail> [options]

Changes what the student's dashboard shows, all in one transaction. Options:
  --admission-status <text>      e.g. Admitted, Processing, Denied
  --degree <text>  --major <text>  --admitted-semester <text>
  --acceptance-letter <link>     the acceptance letter's address
  --i20-issued <YYYY-MM-DD> --i20-document <link>
                                 the I-20 is issued, on that date, at that link (both needed)
  --clear-i20                    the I-20 is not issued after all
  --sevis-paid <YYYY-MM-DD>      the SEVIS I-901 fee was paid on that date
  --clear-sevis                  the SEVIS fee is not paid after all
  --visa-appointment <YYYY-MM-DD>
                                 the day of the student's visa interview appointment
  --clear-visa-appointment       the student has no visa appointment after all
  --moi-status <status>          Submitted, Pending (under review) or Incomplete (Incomplete
                                 lets the student record the interview again)
  --moi-review <result>          passed, failed or none: the school's review of the student's
                                 latest submitted interview
  --application <id>=<status>    an application's status (accepted, under_review,
                                 documents_required, rejected, ...); repeat for several

Example: npm run admin -- ${NAME} priya@example.com --i20-issued 2026-07-01 \\
           --i20-document https://school.example.edu/i20/priya.pdf --application 12=accepted`,
  prepare(argv) {
    const p = plan(argv);
    return async (ctx) => {
      const student = await findStudent(ctx.db, p.student);
      const change: StudentRecordChange = {
        columns: p.changes,
        applicationStatuses: p.applicationStatuses,
        ...(p.moiReview === undefined
          ? {}
          : { moiReview: { result: p.moiReview === 'none' ? null : p.moiReview } }),
      };
      const report = await ctx.db
        .transaction((tx) =>
          changeStudentRecord(
            tx,
            { actor: 'command-line' },
            { id: student.id, describedAs: describeStudent(student) },
            change,
          ),
        )
        .catch((error: unknown) => {
          // The change's refusals are written for whoever asked: here, the operator.
          if (error instanceof HttpError) throw new AdminError(error.message);
          throw error;
        });
      ctx.io.out(`Updated ${describeStudent(student)}:`);
      for (const line of report.lines) ctx.io.out(line);
    };
  },
};
