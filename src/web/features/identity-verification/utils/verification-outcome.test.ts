import { describe, expect, it } from 'vitest';
import {
  VERIFICATION_RESULT_TEXTS,
  type TVerificationStatusResponse,
} from '../../../../shared/identity-verification.js';
import { classifyVerificationStatus } from './verification-outcome.js';

const status = (answer: Partial<TVerificationStatusResponse>): TVerificationStatusResponse => ({
  faceVerified: false,
  verificationResult: 'pending',
  status: 'pending',
  reason: null,
  ...answer,
});

describe('classifyVerificationStatus', () => {
  it('faceVerified is success, whatever else is said', () => {
    expect(
      classifyVerificationStatus(
        status({ faceVerified: true, verificationResult: 'approved', status: 'approved' }),
      ),
    ).toEqual({ kind: 'verified' });
  });

  it.each(['not_started', 'pending'] as const)('pending with status %s is undecided', (s) => {
    expect(classifyVerificationStatus(status({ status: s }))).toEqual({ kind: 'undecided' });
  });

  it('declined: the declined sentence with the result code texts', () => {
    expect(
      classifyVerificationStatus(
        status({
          verificationResult: 'declined_face_match',
          status: 'declined',
          reason: 'No match',
        }),
      ),
    ).toEqual({
      kind: 'failed',
      failure: {
        message: 'Identity verification was declined. Please try again.',
        result: VERIFICATION_RESULT_TEXTS.declined_face_match,
        reason: 'No match',
        actionable: true,
      },
    });
  });

  it('declined without a result code yet still fails, as "any other"', () => {
    expect(classifyVerificationStatus(status({ status: 'declined' }))).toMatchObject({
      kind: 'failed',
      failure: {
        message: 'Identity verification was declined. Please try again.',
        result: VERIFICATION_RESULT_TEXTS.verification_failed,
      },
    });
  });

  it.each([
    ['resubmission_requested', 'resubmission_requested'],
    ['declined_document_quality', 'resubmission_requested'],
    ['declined_document_expired', 'resubmission_requested'],
    ['declined_unsupported_document', 'resubmission_requested'],
    ['verification_failed', 'expired'],
  ] as const)('%s (status %s) is "Verification failed" with its texts', (code, s) => {
    expect(
      classifyVerificationStatus(status({ verificationResult: code, status: s })),
    ).toMatchObject({
      kind: 'failed',
      failure: {
        message: 'Verification failed',
        result: VERIFICATION_RESULT_TEXTS[code],
        actionable: true,
      },
    });
  });

  it('fraud is not actionable: its own contact-support text, not "Please try again"', () => {
    expect(
      classifyVerificationStatus(
        status({ verificationResult: 'declined_fraud', status: 'declined' }),
      ),
    ).toMatchObject({
      kind: 'failed',
      failure: {
        message: VERIFICATION_RESULT_TEXTS.declined_fraud.message,
        result: VERIFICATION_RESULT_TEXTS.declined_fraud,
        actionable: false,
      },
    });
  });
});
