/**
 * Where a student is on the way to an F-1 visa, as the staff console's list shows and filters it:
 * the onboarding steps, then the F-1 steps, with the recorded English interview where the school
 * requires it. Derived from the student's data (deriveStudentStage), never stored.
 */
export const STUDENT_STAGES = [
  'invited',
  'identity_pending',
  'identity_declined',
  'verified',
  'moi_interview',
  'admitted',
  'i20_issued',
  'sevis_paid',
  'visa_appointment',
] as const;
export type TStudentStage = (typeof STUDENT_STAGES)[number];

/** What the console calls each stage, in the summary bar, the filter and the list. */
export const STUDENT_STAGE_NAMES: Record<TStudentStage, string> = {
  invited: 'Invited',
  identity_pending: 'Identity check pending',
  identity_declined: 'Identity declined',
  verified: 'Verified',
  moi_interview: 'English interview',
  admitted: 'Admitted',
  i20_issued: 'I-20 issued',
  sevis_paid: 'SEVIS paid',
  visa_appointment: 'Visa appointment',
};
