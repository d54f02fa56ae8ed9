import { z } from 'zod';

/**
 * GET /api/applications and GET /api/applications/{id} (spec sections 3 "Application" and 7).
 * The spec's fields (id, university, program, status, submittedAt), plus what the detail page's
 * quick actions and admissions contact card need, taken from the school's record.
 */
export const ZApplicationSchema = z.object({
  id: z.number().int().positive(),
  university: z.string(),
  program: z.string(),
  /** accepted, under_review, documents_required, rejected, or any other status the school sends. */
  status: z.string(),
  /** ISO 8601 timestamp. */
  submittedAt: z.string(),
  /** The university's application portal ('University Portal'), with https:, or null. */
  portalUrl: z.string().nullable(),
  admissionsEmail: z.string().nullable(),
  admissionsPhone: z.string().nullable(),
});
export type TApplication = z.infer<typeof ZApplicationSchema>;

export const ZApplicationListResponseSchema = z.array(ZApplicationSchema);
export type TApplicationListResponse = z.infer<typeof ZApplicationListResponseSchema>;

/** `/application/{id}`: the id is a number (spec section 2). */
export const ZApplicationIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** One answer for an unknown id and another student's id, so ids reveal nothing. */
export const APPLICATION_NOT_FOUND = 'Application Not Found';

/** Spec section 4, "Application status": the values the pages colour and fill; others are grey. */
export const KNOWN_APPLICATION_STATUSES = [
  'accepted',
  'under_review',
  'documents_required',
  'rejected',
] as const;
