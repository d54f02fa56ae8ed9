import { z } from 'zod';

/**
 * A student's admission status is the school's own words (an import or the admin tool takes any
 * text), so it is not a closed list. Until the school sends one it is this (spec section 4).
 */
export const DEFAULT_ADMISSION_STATUS = 'Processing';

/** The school's words that mean it offered the student a place, whatever their case or spacing. */
const ADMITTED_STATUSES = new Set(['admitted', 'accepted', 'enrolled']);

/** Whether an admission status says the student is admitted (the roadmap's first step, a stage). */
export const isAdmitted = (admissionStatus: string): boolean =>
  ADMITTED_STATUSES.has(admissionStatus.trim().toLowerCase());

/**
 * POST /api/applicant-data (spec section 3, "Applicant data"). The keys are the spec's, spaces
 * and capitals included, because the dashboard reads them by those names.
 */
export const ZApplicantDataResponseSchema = z.object({
  student: z.object({ 'First Name': z.string(), 'Last Name': z.string() }),
  school: z.object({
    Name: z.string(),
    Logo: z.string().nullable(),
    'Require MOI': z.boolean(),
  }),
  application: z.object({
    degree: z.string().nullable(),
    major: z.string().nullable(),
    'admitted semester': z.string().nullable(),
    acceptance_letter: z.string().nullable(),
    'Admission Status': z.string(),
    /** 'Yes' when issued; anything else means not yet. */
    'I20 issued': z.string(),
    'i20 document': z.string().nullable(),
    /** 'Yes' when paid; anything else means not yet. */
    'sevis paid': z.string(),
    /** One of MOI_STATUSES; read as any string (spec section 4: missing is Incomplete). */
    'MOI Status': z.string(),
  }),
});
export type TApplicantDataResponse = z.infer<typeof ZApplicantDataResponseSchema>;

/** A URL's scheme: a letter, then letters, digits, "+", "." or "-", up to the first colon. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** "school.edu:8443/x.pdf" reads as a scheme too; a port after the colon says it is a host. */
const HOST_AND_PORT = /^[^/?#:@]+:\d{1,5}(?:[/?#]|$)/;

/**
 * Spec section 3: a link stored without a scheme ("school.edu/letter.pdf", "school.edu:8443/x")
 * gets https:. Web links are kept as stored; a link of any other scheme (javascript:, data:,
 * vbscript:, ...) is nothing a student should open and may run script, so it becomes null, as
 * a missing link is. Every link answered therefore begins with http:// or https://; the server
 * sends links through this and the dashboard reads them through it again.
 */
export function withHttps(link: string | null): string | null {
  if (link === null) return null;
  const trimmed = link.trim();
  if (trimmed === '') return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (SCHEME.test(trimmed) && !HOST_AND_PORT.test(trimmed)) return null;
  return `https://${trimmed.replace(/^\/\//, '')}`;
}
