import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  VERIFICATION_RESULT_CODES,
  VERIFICATION_RESULT_TEXTS,
  verificationResultText,
} from '../../../shared/identity-verification.js';
import { deriveDataKeys, lookupHash } from '../../lib/crypto.js';
import { normalisePassportNumber } from '../../../shared/onboarding.js';
import { decisionResult, REASON_CODE_RESULTS } from './decision-result-table.js';
import { matchesPassportOnFile } from './matches-passport-on-file.js';

const facts = (status: string, reasonCode: string | null = null, passportMatches = true) => ({
  status,
  reasonCode,
  passportMatches,
});

describe('decision result table', () => {
  it('approves only an approval for the passport on file', () => {
    expect(decisionResult(facts('approved'))).toBe('approved');
    expect(decisionResult(facts('approved', null, false))).toBe('approved_passport_mismatch');
  });

  it('keeps review undecided', () => {
    expect(decisionResult(facts('review'))).toBeNull();
  });

  it.each([
    ['declined', '106', 'declined_fraud'],
    ['declined', '501', 'declined_fraud'],
    ['declined', '102', 'declined_fraud'],
    ['resubmission_requested', '204', 'declined_document_quality'],
    ['resubmission_requested', '203', 'declined_document_quality'],
    ['resubmission_requested', '205', 'declined_document_quality'],
    ['resubmission_requested', '207', 'declined_document_expired'],
    ['declined', '511', 'declined_document_expired'],
    ['declined', '103', 'declined_face_match'],
    ['resubmission_requested', '202', 'declined_face_match'],
    ['resubmission_requested', '206', 'declined_unsupported_document'],
    ['declined', '510', 'declined_unsupported_document'],
    ['resubmission_requested', '201', 'resubmission_requested'],
    ['resubmission_requested', null, 'resubmission_requested'],
    ['declined', '105', 'verification_failed'],
    ['declined', null, 'verification_failed'],
    ['expired', null, 'verification_failed'],
    ['abandoned', null, 'verification_failed'],
    ['a-status-veriff-adds-later', null, 'verification_failed'],
  ])('maps %s with reason code %s to %s', (status, reasonCode, expected) => {
    expect(decisionResult(facts(status, reasonCode))).toBe(expected);
  });

  it('acts on the status string: a declined decision with a fraud code is never approved, and an unknown code never reads a prototype key', () => {
    expect(decisionResult(facts('declined', '106'))).toBe('declined_fraud');
    expect(decisionResult(facts('declined', 'constructor'))).toBe('verification_failed');
    expect(decisionResult(facts('declined', '__proto__'))).toBe('verification_failed');
  });

  it('maps only to result codes the catalogue has texts for', () => {
    for (const code of REASON_CODE_RESULTS.values()) {
      expect(VERIFICATION_RESULT_CODES).toContain(code);
      expect(code).not.toBe('approved');
      expect(verificationResultText(code)).toBe(
        VERIFICATION_RESULT_TEXTS[code as Exclude<typeof code, 'approved'>],
      );
    }
  });
});

describe('spec section 8 result texts', () => {
  it.each([
    ['approved_passport_mismatch', 'Document Mismatch Detected', true],
    ['declined_fraud', 'Verification Declined', false],
    ['declined_document_quality', 'Document Quality Issue', true],
    ['declined_document_expired', 'Document Expired', true],
    ['declined_face_match', 'Face Verification Failed', true],
    ['declined_unsupported_document', 'Unsupported Document', true],
    ['resubmission_requested', 'Resubmission Required', true],
    ['something_else', 'Verification Failed', true],
  ])('%s reads "%s", actionable %s', (code, title, actionable) => {
    expect(verificationResultText(code)).toMatchObject({ title, actionable });
  });

  it('tells a declined-for-fraud student to contact support, and lists the supported documents', () => {
    expect(verificationResultText('declined_fraud').message).toMatch(/contact support/);
    expect(verificationResultText('declined_unsupported_document').message).toMatch(
      /passport, driver's license or national ID/,
    );
    expect(verificationResultText('verification_failed').message).toMatch(
      /try again or contact support/,
    );
  });
});

describe('passport on file', () => {
  const keys = deriveDataKeys(randomBytes(32));
  const onFile = lookupHash(keys, normalisePassportNumber('X1234567'));

  it('matches the same number however the document prints it', () => {
    expect(matchesPassportOnFile(keys, 'X1234567', onFile)).toBe(true);
    expect(matchesPassportOnFile(keys, 'x123 4567', onFile)).toBe(true);
  });

  it('does not match another number, an empty one, or none', () => {
    expect(matchesPassportOnFile(keys, 'X7654321', onFile)).toBe(false);
    expect(matchesPassportOnFile(keys, ' ', onFile)).toBe(false);
    expect(matchesPassportOnFile(keys, null, onFile)).toBe(false);
  });
});
