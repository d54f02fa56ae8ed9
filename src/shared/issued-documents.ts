import { API_PATHS } from './api-paths.js';
import { withHttps } from './applicant-data.js';
import { MAX_DOCUMENT_BYTES } from './documents.js';

/**
 * The I-20 as a file: a school officer or an administrator uploads its PDF in the console
 * (`POST /api/staff/students/{id}/i20`, multipart: the `issuedOn` field, then the `file`), and
 * the student downloads their own at `GET /api/i20`.
 */
export const I20_UPLOAD_FIELDS = { issuedOn: 'issuedOn', file: 'file' } as const;

/** As much as a document: an I-20 is a few pages. */
export const MAX_I20_BYTES = MAX_DOCUMENT_BYTES;

export const I20_MESSAGES = {
  noFile: "Choose the I-20's PDF to upload.",
  noDate: 'issuedOn: must be a date like 2026-07-01, sent before the file',
  wrongType: 'The I-20 must be a PDF file.',
  tooLarge: 'The I-20 must be at most 10 MB.',
  unreadable: 'The upload broke off before the whole file arrived. Please try again.',
  notFound: 'No I-20 file for this student.',
  /** The student's own download, when the file is gone. */
  notAvailable: 'Your I-20 file is not available. Please ask your school for a copy.',
} as const;

/** What an uploaded I-20's 'i20 document' link is: the student's own download in the portal. */
export const OWN_I20_LINK = API_PATHS.studentI20;

/**
 * The 'i20 document' link as the student is given it: the portal's own download for an uploaded
 * file, or the school's link (with https:, see withHttps).
 */
export const i20DocumentLink = (link: string | null): string | null =>
  link === OWN_I20_LINK ? link : withHttps(link);
