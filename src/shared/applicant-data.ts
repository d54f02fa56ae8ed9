import { z } from 'zod';

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
    /** 'Submitted', 'Pending' or 'Incomplete'. */
    'MOI Status': z.string(),
  }),
});
export type TApplicantDataResponse = z.infer<typeof ZApplicantDataResponseSchema>;

/** Spec section 3: a link stored without a scheme ("school.edu/letter.pdf") gets https:. */
export function withHttps(link: string | null): string | null {
  if (link === null) return null;
  const trimmed = link.trim();
  if (trimmed === '') return null;
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/\//, '')}`;
}
