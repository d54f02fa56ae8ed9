import { API_PATHS } from './api-paths.js';
import { STAFF_API_PATHS } from './staff-api-paths.js';
import { withHttps } from './applicant-data.js';
import { MAX_DOCUMENT_BYTES } from './documents.js';

/**
 * The files the school or the consultancy issues a student, each a PDF uploaded in the console
 * (multipart: the day it names, when it names one, then the `file`; a new upload replaces the
 * old): the I-20, which issues it; the acceptance letter, which becomes the record's letter; the
 * SEVIS I-901 fee's receipt, which marks the fee paid on its day. The student downloads their own
 * I-20 and acceptance letter at `GET /api/i20` and `GET /api/acceptance-letter`.
 */
export const ISSUED_DOCUMENT_KINDS = ['i20', 'acceptance-letter', 'sevis-receipt'] as const;
export type TIssuedDocumentKind = (typeof ISSUED_DOCUMENT_KINDS)[number];

/** As much as a document: each is a few pages. */
export const MAX_ISSUED_DOCUMENT_BYTES = MAX_DOCUMENT_BYTES;

/** The upload's file field; the day, when a kind names one, comes first in its own field. */
export const ISSUED_DOCUMENT_FILE_FIELD = 'file';

/** What an upload and a download of a file of `title` answer when something is wrong. */
function issuedDocumentMessages(title: string, dateField: string | null) {
  return {
    noFile: `Choose the ${title}'s PDF to upload.`,
    noDate: `${dateField ?? 'date'}: must be a date like 2026-07-01, sent before the file`,
    wrongType: `The ${title} must be a PDF file.`,
    tooLarge: `The ${title} must be at most 10 MB.`,
    unreadable: 'The upload broke off before the whole file arrived. Please try again.',
    notFound: `No ${title} file for this student.`,
    /** The student's own download, when the file is gone. */
    notAvailable: `Your ${title} file is not available. Please ask your school for a copy.`,
  } as const;
}

export interface IssuedDocumentRules {
  /** How the texts name it. */
  title: string;
  /** The multipart field of the day it names, sent before the file; null when it names none. */
  dateField: 'issuedOn' | 'paidOn' | null;
  /** The console's upload and download of it. */
  staffPath: string;
  /** The student's own download, the record's link to it; null when the student has none. */
  ownLink: string | null;
  messages: ReturnType<typeof issuedDocumentMessages>;
}

export const ISSUED_DOCUMENTS: Record<TIssuedDocumentKind, IssuedDocumentRules> = {
  i20: {
    title: 'I-20',
    dateField: 'issuedOn',
    staffPath: STAFF_API_PATHS.staffStudentI20,
    ownLink: API_PATHS.studentI20,
    messages: issuedDocumentMessages('I-20', 'issuedOn'),
  },
  'acceptance-letter': {
    title: 'acceptance letter',
    dateField: null,
    staffPath: STAFF_API_PATHS.staffStudentAcceptanceLetter,
    ownLink: API_PATHS.studentAcceptanceLetter,
    messages: issuedDocumentMessages('acceptance letter', null),
  },
  'sevis-receipt': {
    title: 'SEVIS fee receipt',
    dateField: 'paidOn',
    staffPath: STAFF_API_PATHS.staffStudentSevisReceipt,
    ownLink: null,
    messages: issuedDocumentMessages('SEVIS fee receipt', 'paidOn'),
  },
};

/** What an uploaded I-20's 'i20 document' link is: the student's own download in the portal. */
export const OWN_I20_LINK = API_PATHS.studentI20;
export const OWN_ACCEPTANCE_LETTER_LINK = API_PATHS.studentAcceptanceLetter;

/**
 * A document link as the student is given it: the portal's own download of an uploaded file, or
 * the school's link (with https:, see withHttps).
 */
export const issuedDocumentLink = (link: string | null): string | null =>
  link === OWN_I20_LINK || link === OWN_ACCEPTANCE_LETTER_LINK ? link : withHttps(link);
