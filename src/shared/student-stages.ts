import { isAdmitted } from './applicant-data.js';
import { PENDING_VERIFICATION_RESULT } from './identity-verification.js';
import type { TMoiStatus } from './moi.js';

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

/** What a student's stage is derived from: their record, their school's rule, their identity check. */
export interface TStudentStageFacts {
  faceVerified: boolean;
  /** 'pending' until the identity provider decides, then its result code. */
  verificationResult: string;
  /** A current identity check exists (started and not set aside by a new invite). */
  identityCheckStarted: boolean;
  schoolRequiresMoi: boolean;
  moiStatus: TMoiStatus;
  /** The school's own words (isAdmitted decides). */
  admissionStatus: string;
  i20Issued: boolean;
  sevisPaid: boolean;
  /** The date of the visa interview appointment, once the student has one. */
  visaAppointmentOn: string | null;
}

/**
 * The one rule of a student's stage. Before the identity check is passed, where the check is:
 * not started, waiting for a decision (or for the student to confirm an approval), or declined
 * (any result but approval, the passport mismatch included). After it, the furthest F-1 step the
 * record shows, each implying the ones before it as on the visa roadmap; before admission, a
 * school that requires the English interview waits for it while the student has not recorded it.
 * The server stores each student's stage from this rule (docs/decisions/018): a change to it
 * must come with a migration that writes the existing students' stages again.
 */
export function deriveStudentStage(facts: TStudentStageFacts): TStudentStage {
  if (!facts.faceVerified) {
    const declined =
      facts.verificationResult !== PENDING_VERIFICATION_RESULT &&
      facts.verificationResult !== 'approved';
    if (declined) return 'identity_declined';
    return facts.identityCheckStarted ? 'identity_pending' : 'invited';
  }
  if (facts.visaAppointmentOn !== null) return 'visa_appointment';
  if (facts.sevisPaid) return 'sevis_paid';
  if (facts.i20Issued) return 'i20_issued';
  if (isAdmitted(facts.admissionStatus)) return 'admitted';
  if (facts.schoolRequiresMoi && facts.moiStatus === 'Incomplete') return 'moi_interview';
  return 'verified';
}
