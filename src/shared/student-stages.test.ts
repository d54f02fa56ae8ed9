import { describe, expect, it } from 'vitest';
import { deriveStudentStage, type TStudentStageFacts } from './student-stages.js';

/** A student who has just been invited: nothing done yet. */
const invited: TStudentStageFacts = {
  faceVerified: false,
  verificationResult: 'pending',
  identityCheckStarted: false,
  schoolRequiresMoi: false,
  moiStatus: 'Incomplete',
  admissionStatus: 'Processing',
  i20Issued: false,
  sevisPaid: false,
  visaAppointmentOn: null,
};

const verified: TStudentStageFacts = {
  ...invited,
  faceVerified: true,
  verificationResult: 'approved',
  identityCheckStarted: true,
};

const stageOf = (changes: Partial<TStudentStageFacts>) =>
  deriveStudentStage({ ...invited, ...changes });
const verifiedStageOf = (changes: Partial<TStudentStageFacts>) =>
  deriveStudentStage({ ...verified, ...changes });

describe('deriveStudentStage', () => {
  it('is invited until the identity check starts, then pending until a decision', () => {
    expect(stageOf({})).toBe('invited');
    expect(stageOf({ identityCheckStarted: true })).toBe('identity_pending');
  });

  it('stays pending after an approval the student has not confirmed yet', () => {
    expect(stageOf({ identityCheckStarted: true, verificationResult: 'approved' })).toBe(
      'identity_pending',
    );
  });

  it('is declined for every result but an approval, the passport mismatch included', () => {
    for (const result of [
      'approved_passport_mismatch',
      'declined_fraud',
      'declined_face_match',
      'resubmission_requested',
      'verification_failed',
    ]) {
      expect(stageOf({ identityCheckStarted: true, verificationResult: result }), result).toBe(
        'identity_declined',
      );
    }
  });

  it('is invited again when a new invite set the old check aside', () => {
    expect(stageOf({ identityCheckStarted: false, verificationResult: 'pending' })).toBe('invited');
  });

  it('is verified once the check is passed, with nothing more on the record', () => {
    expect(deriveStudentStage(verified)).toBe('verified');
  });

  it('waits for the English interview where the school requires it, until it is recorded', () => {
    expect(verifiedStageOf({ schoolRequiresMoi: true })).toBe('moi_interview');
    expect(verifiedStageOf({ schoolRequiresMoi: true, moiStatus: 'Submitted' })).toBe('verified');
    expect(verifiedStageOf({ schoolRequiresMoi: true, moiStatus: 'Pending' })).toBe('verified');
    expect(verifiedStageOf({ schoolRequiresMoi: false })).toBe('verified');
  });

  it('is admitted for any of the school words meaning so, whatever their case and spacing', () => {
    for (const status of ['Admitted', ' accepted ', 'ENROLLED']) {
      expect(verifiedStageOf({ admissionStatus: status }), status).toBe('admitted');
    }
    expect(verifiedStageOf({ admissionStatus: 'Denied' })).toBe('verified');
  });

  it('passes the English interview by once admitted', () => {
    expect(verifiedStageOf({ schoolRequiresMoi: true, admissionStatus: 'Admitted' })).toBe(
      'admitted',
    );
  });

  it('takes the furthest F-1 step the record shows', () => {
    expect(verifiedStageOf({ admissionStatus: 'Admitted', i20Issued: true })).toBe('i20_issued');
    expect(verifiedStageOf({ i20Issued: true, sevisPaid: true })).toBe('sevis_paid');
    expect(verifiedStageOf({ sevisPaid: true, visaAppointmentOn: '2027-03-02' })).toBe(
      'visa_appointment',
    );
  });

  it('never puts a student past the identity check before they have passed it', () => {
    expect(stageOf({ i20Issued: true, sevisPaid: true, visaAppointmentOn: '2027-03-02' })).toBe(
      'invited',
    );
  });
});
