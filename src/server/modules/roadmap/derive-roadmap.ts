import { isAdmitted } from '../../../shared/applicant-data.js';
import type { TDocumentRequestState } from '../../../shared/document-requests.js';
import { issuedDocumentLink } from '../../../shared/issued-documents.js';
import {
  ARRIVAL_DAYS_BEFORE_START,
  type TRoadmapDocument,
  type TRoadmapResponse,
  type TRoadmapStep,
  type TRoadmapStepId,
} from '../../../shared/roadmap.js';

/** What the roadmap is derived from: the student's admission record and their applications. */
export interface RoadmapRecord {
  admissionStatus: string;
  acceptanceLetterUrl: string | null;
  i20Issued: boolean;
  i20IssuedOn: string | null;
  i20DocumentUrl: string | null;
  sevisPaid: boolean;
  sevisPaidOn: string | null;
  /** The school on the student's record: the one issuing their I-20. */
  schoolName: string | null;
  applications: { university: string; status: string; programStartDate: string | null }[];
  /** The states of the bank statements the student was asked for (document requests). */
  bankStatementRequests: TDocumentRequestState[];
  /**
   * The application that asked for them: one waiting on the student first, else the newest
   * request's; null when none was asked for.
   */
  bankStatementApplicationId: number | null;
}

type StepDefinition = Omit<TRoadmapStep, 'status' | 'actionNote' | 'actionApplicationId'> & {
  actionNote: string;
};

/** Spec section 4's seven steps and their typical days from admission, in order. */
const STEPS: readonly StepDefinition[] = [
  {
    id: 'admitted',
    title: 'Admitted',
    description: 'Your school has offered you a place in its program.',
    estimatedDays: null,
    actionNote: 'Your school is reviewing your application. This roadmap moves on once it decides.',
  },
  {
    id: 'proof-of-funds',
    title: 'Proof of Funds Submitted',
    description:
      'Your school needs proof that you can pay for your first year of study before it issues your I-20.',
    estimatedDays: 7,
    actionNote:
      'Upload your bank statements showing the funds for your first year of study, so your school can issue your I-20.',
  },
  {
    id: 'i20-received',
    title: 'I-20 Received',
    description:
      'Your school issues Form I-20, which you need to pay the SEVIS fee and to apply for your visa. It typically takes 1-2 weeks after admission confirmation.',
    estimatedDays: 14,
    actionNote: 'Your school is preparing your I-20. Watch your messages for news from them.',
  },
  {
    id: 'sevis-fee-paid',
    title: 'SEVIS Fee Paid',
    description: 'Pay the $350.00 SEVIS I-901 fee with the SEVIS ID printed on your I-20.',
    estimatedDays: 21,
    actionNote:
      'Pay the SEVIS I-901 fee at fmjfee.com and keep the receipt: you need it at your visa interview.',
  },
  {
    id: 'visa-interview-scheduled',
    title: 'Visa Interview Scheduled',
    description: 'Book your F-1 visa interview at a U.S. embassy or consulate.',
    estimatedDays: 45,
    actionNote:
      'Schedule your visa interview at the U.S. embassy or consulate where you live. Your dashboard shows the current wait times.',
  },
  {
    id: 'visa-received',
    title: 'Visa Received',
    description:
      'Attend your interview with your passport, I-20, SEVIS fee receipt and proof of funds. The visa is placed in your passport.',
    estimatedDays: 60,
    actionNote: 'Attend your visa interview and bring every document the embassy asks for.',
  },
  {
    id: 'travel',
    title: 'Travel to Destination',
    description: `You may arrive in the United States up to ${ARRIVAL_DAYS_BEFORE_START} days before your program starts.`,
    estimatedDays: 90,
    actionNote: `Book your travel to arrive no more than ${ARRIVAL_DAYS_BEFORE_START} days before your program starts.`,
  },
];

/**
 * How many steps, from the first, the record shows done. Each milestone implies the ones before
 * it: a school issues the I-20 only to an admitted student who has shown their funds, and the
 * SEVIS fee is paid with the I-20's SEVIS ID. Nothing on the record speaks of the visa interview,
 * the visa or travel, so those keep the spec's fixed 'pending' until the student reaches them.
 * An admitted student with nothing more is the spec's fixed list exactly: admitted, then proof
 * of funds in progress, until the school accepts a bank statement it asked for.
 */
function stepsDone(record: RoadmapRecord): number {
  if (record.sevisPaid) return 4;
  if (record.i20Issued) return 3;
  if (!isAdmitted(record.admissionStatus)) return 0;
  return record.bankStatementRequests.includes('accepted') ? 2 : 1;
}

/**
 * The proof of funds' note while it is in progress: it follows the bank statement the school
 * asked for, when it asked for one (an uploaded one waits for the school, a returned one asks
 * for another).
 */
function proofOfFundsNote(record: RoadmapRecord, note: string): string {
  const states = record.bankStatementRequests;
  if (states.includes('under_review')) {
    return 'Your school is reviewing the bank statement you uploaded. This step completes once it accepts it.';
  }
  if (states.includes('rejected')) {
    return 'Your school sent your bank statement back: see the reason on your application, then upload it again.';
  }
  return note;
}

const DAY_MS = 86_400_000;

function isIsoDate(value: string | null): value is string {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return new Date(date.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The start date of the program the student is going to: their application to the school on
 * their record, else their accepted applications; the earliest, where there are several. Null
 * when none has one. (The spec fixes 2024-08-15, long past: a made-up date would mislead.)
 */
function programStartDate(record: RoadmapRecord): string | null {
  const dated = record.applications.filter((a) => isIsoDate(a.programStartDate));
  const school = record.schoolName?.trim().toLowerCase();
  const atSchool = dated.filter((a) => a.university.trim().toLowerCase() === school);
  const chosen = atSchool.length > 0 ? atSchool : dated.filter((a) => a.status === 'accepted');
  return chosen.flatMap((a) => a.programStartDate ?? []).sort()[0] ?? null;
}

/**
 * The student's visa roadmap (spec section 4), from their own record. `today` (YYYY-MM-DD) dates
 * what is not done yet: a step's typical days count from admission, so a student already past
 * some steps waits only the difference.
 */
export function deriveRoadmap(record: RoadmapRecord, today: string): TRoadmapResponse {
  const done = stepsDone(record);
  const daysBehind = STEPS[done - 1]?.estimatedDays ?? 0;
  const expectedOn = (id: TRoadmapStepId): string | null => {
    const index = STEPS.findIndex((step) => step.id === id);
    const days = STEPS[index]?.estimatedDays;
    return index < done || days === null || days === undefined
      ? null
      : addDays(today, days - daysBehind);
  };

  const steps = STEPS.map((step, index): TRoadmapStep => {
    const status = index < done ? 'completed' : index === done ? 'in_progress' : 'pending';
    const note =
      step.id === 'proof-of-funds' ? proofOfFundsNote(record, step.actionNote) : step.actionNote;
    const acting = status === 'in_progress';
    const applicationId = step.id === 'proof-of-funds' ? record.bankStatementApplicationId : null;
    return {
      ...step,
      status,
      actionNote: acting ? note : null,
      actionApplicationId: acting ? applicationId : null,
    };
  });

  const acceptanceLetter = issuedDocumentLink(record.acceptanceLetterUrl);
  const documents: TRoadmapDocument[] = [
    {
      title: 'Acceptance Letter',
      description: 'Your offer of admission from your school.',
      available: acceptanceLetter !== null,
      url: acceptanceLetter,
      issuedDate: null,
      estimatedDate: null,
    },
    {
      title: 'Form I-20',
      description:
        'The Certificate of Eligibility for Nonimmigrant Student Status, issued by your school.',
      available: record.i20Issued,
      url: record.i20Issued ? issuedDocumentLink(record.i20DocumentUrl) : null,
      issuedDate: record.i20Issued && isIsoDate(record.i20IssuedOn) ? record.i20IssuedOn : null,
      estimatedDate: expectedOn('i20-received'),
    },
    {
      title: 'SEVIS I-901 Fee Receipt',
      description: 'Proof that you paid the SEVIS fee. You can print it again at fmjfee.com.',
      available: record.sevisPaid,
      url: null,
      issuedDate: record.sevisPaid && isIsoDate(record.sevisPaidOn) ? record.sevisPaidOn : null,
      estimatedDate: expectedOn('sevis-fee-paid'),
    },
    {
      title: 'F-1 Visa',
      description: 'The visa the embassy places in your passport after your interview.',
      available: false,
      url: null,
      issuedDate: null,
      estimatedDate: expectedOn('visa-received'),
    },
  ];

  const startDate = programStartDate(record);
  return {
    steps,
    documents,
    programStartDate: startDate,
    earliestArrivalDate: startDate ? addDays(startDate, -ARRIVAL_DAYS_BEFORE_START) : null,
  };
}
