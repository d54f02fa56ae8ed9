import { z } from 'zod';

/** Spec section 4, "Visa roadmap". */
export const ROADMAP_STEP_STATUSES = ['completed', 'in_progress', 'pending'] as const;
export type TRoadmapStepStatus = (typeof ROADMAP_STEP_STATUSES)[number];

export const ROADMAP_STEP_IDS = [
  'admitted',
  'proof-of-funds',
  'i20-received',
  'sevis-fee-paid',
  'visa-interview-scheduled',
  'visa-received',
  'travel',
] as const;
export type TRoadmapStepId = (typeof ROADMAP_STEP_IDS)[number];

/** Spec section 3, "Roadmap step", with what to do now on the step in progress. */
export const ZRoadmapStepSchema = z.object({
  id: z.enum(ROADMAP_STEP_IDS),
  title: z.string(),
  description: z.string(),
  status: z.enum(ROADMAP_STEP_STATUSES),
  /** Typical days from admission (spec section 4); null for admission itself. */
  estimatedDays: z.number().int().nonnegative().nullable(),
  /** The action the step in progress asks of the student (the bank statements, say); else null. */
  actionNote: z.string().nullable(),
  /**
   * The application whose document request the action answers (the one that asked for the bank
   * statements), where the student acts on it; else null. A copy kept offline from before this
   * was sent reads as null.
   */
  actionApplicationId: z.number().int().positive().nullable().default(null),
});
export type TRoadmapStep = z.infer<typeof ZRoadmapStepSchema>;

const ISO_DATE = z.iso.date();

/**
 * Spec section 3, "Roadmap document": issuedDate when the record says when it was issued,
 * estimatedDate (from the steps' typical days) while it is not available yet.
 */
export const ZRoadmapDocumentSchema = z.object({
  title: z.string(),
  description: z.string(),
  available: z.boolean(),
  /** Where to open it, with https:, when the school has put it online. */
  url: z.string().nullable(),
  issuedDate: ISO_DATE.nullable(),
  estimatedDate: ISO_DATE.nullable(),
});
export type TRoadmapDocument = z.infer<typeof ZRoadmapDocumentSchema>;

/** GET /api/roadmap: the signed-in student's roadmap, derived from their own record. */
export const ZRoadmapResponseSchema = z.object({
  steps: z.array(ZRoadmapStepSchema),
  documents: z.array(ZRoadmapDocumentSchema),
  /** From the student's application; null until a school has given one. */
  programStartDate: ISO_DATE.nullable(),
  /** F-1 students may enter the US up to 30 days before the program starts. */
  earliestArrivalDate: ISO_DATE.nullable(),
});
export type TRoadmapResponse = z.infer<typeof ZRoadmapResponseSchema>;

/** Spec section 4, "Visa roadmap": travel up to 30 days before the program starts. */
export const ARRIVAL_DAYS_BEFORE_START = 30;
