import { z } from 'zod';
import { MAX_SELECTED_STUDENTS, ZStaffStudentListQuerySchema } from './staff-students.js';

/**
 * A change to many students of the staff list at once: a selection (students by id, or every
 * student the list's filters match) and one change. It is one transaction, with an audit row per
 * student changed; the answer says how many changed and which were skipped, and why.
 */

/** The most students one bulk change acts on; a larger match is refused, never cut short. */
export const MAX_BULK_STUDENTS = 1000;

export const ZStudentSelectionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('students'),
      ids: z
        .array(z.uuid('must be student ids'))
        .min(1, 'select at least one student')
        .max(MAX_SELECTED_STUDENTS, `must name at most ${MAX_SELECTED_STUDENTS} students`),
    }),
    z.strictObject({
      kind: z.literal('matching'),
      /** The list's filters, as its query takes them. */
      filters: z.strictObject(
        ZStaffStudentListQuerySchema.pick({
          q: true,
          passport: true,
          stage: true,
          schoolId: true,
          agencyId: true,
          needsMyAction: true,
        }).shape,
      ),
    }),
  ],
  { error: "must be 'students' (with ids) or 'matching' (with filters)" },
);
export type TStudentSelection = z.input<typeof ZStudentSelectionSchema>;

export const ZBulkChangeSchema = z.discriminatedUnion(
  'kind',
  [
    /** The admission status (the school's word for the application: "Admitted", ...). */
    z.strictObject({
      kind: z.literal('admission-status'),
      admissionStatus: z.string().trim().min(1, 'is required').max(60),
    }),
    /** The agent who brings the students (their agency follows the agent). */
    z.strictObject({
      kind: z.literal('agent'),
      agentId: z.number().int().positive().max(2_147_483_647),
    }),
  ],
  { error: "must be 'admission-status' or 'agent'" },
);
export type TBulkChange = z.input<typeof ZBulkChangeSchema>;

/** POST /api/staff/students/bulk. */
export const ZBulkChangeRequestSchema = z.strictObject({
  selection: ZStudentSelectionSchema,
  change: ZBulkChangeSchema,
});
export type TBulkChangeRequest = z.input<typeof ZBulkChangeRequestSchema>;

export const BULK_SKIP_REASONS = ['not-in-scope', 'unchanged'] as const;

export const ZBulkChangeResultSchema = z.object({
  /** How many students the change was written to. */
  changed: z.number().int(),
  /** The students left as they were, each with why. */
  skipped: z.array(
    z.object({
      studentId: z.string(),
      /** The student's name; null for an id the caller has no student by. */
      name: z.string().nullable(),
      reason: z.enum(BULK_SKIP_REASONS),
      message: z.string(),
    }),
  ),
});
export type TBulkChangeResult = z.infer<typeof ZBulkChangeResultSchema>;

/** An agent the caller may assign students to. */
export const ZStaffAgentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  agencyName: z.string(),
});
/** GET /api/staff/agents: the agents the caller may assign (an agent: their own agency's). */
export const ZStaffAgentsResponseSchema = z.object({ agents: z.array(ZStaffAgentSchema) });
export type TStaffAgentsResponse = z.infer<typeof ZStaffAgentsResponseSchema>;

/** Why a student was left out of a change, in words. */
export const BULK_SKIP_MESSAGES: Record<(typeof BULK_SKIP_REASONS)[number], string> = {
  'not-in-scope': 'No student with this id among yours.',
  unchanged: 'Already has this value.',
};
