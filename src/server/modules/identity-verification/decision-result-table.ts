import type { TVerificationResultCode } from '../../../shared/identity-verification.js';

/**
 * The one table from a provider decision to the result codes of spec section 8.
 *
 * Read top to bottom; the first row that matches wins.
 *
 * | decision status          | reason code (Veriff)                                   | result                        |
 * | ------------------------ | ------------------------------------------------------ | ----------------------------- |
 * | approved                 | document number = passport on file                     | approved                      |
 * | approved                 | document number differs, or none was read              | approved_passport_mismatch    |
 * | review                   | -                                                      | none: not decided yet         |
 * | any other                | 106 known fraud, 501 high probability of fraud,        | declined_fraud                |
 * |                          | 102 suspected / 506 presented document tampering       |                               |
 * | any other                | 203 full document not visible, 204 poor image quality, | declined_document_quality     |
 * |                          | 205 document damaged                                   |                               |
 * | any other                | 207 / 511 document expired                             | declined_document_expired     |
 * | any other                | 103 / 509 person does not match document photo,        | declined_face_match           |
 * |                          | 120 portrait does not match reference, 202 face not    |                               |
 * |                          | clearly visible                                        |                               |
 * | any other                | 206 / 510 document type not supported                  | declined_unsupported_document |
 * | resubmission_requested   | any other                                              | resubmission_requested        |
 * | declined, expired,       | any other                                              | verification_failed           |
 * | abandoned, or unknown    |                                                        |                               |
 *
 * Why: the decision is the status STRING (Veriff's numeric `code` is not read). A reason code is
 * more telling than its status (Veriff sends poor image quality as resubmission_requested), so it
 * is looked at first. An approval counts only for the passport the student applied with, and one
 * whose number could not be compared is not taken on trust. A status this table does not know is
 * never an approval.
 */
export const REASON_CODE_RESULTS: ReadonlyMap<string, TVerificationResultCode> = new Map<
  string,
  TVerificationResultCode
>([
  ['106', 'declined_fraud'],
  ['501', 'declined_fraud'],
  ['102', 'declined_fraud'],
  ['506', 'declined_fraud'],
  ['203', 'declined_document_quality'],
  ['204', 'declined_document_quality'],
  ['205', 'declined_document_quality'],
  ['207', 'declined_document_expired'],
  ['511', 'declined_document_expired'],
  ['103', 'declined_face_match'],
  ['509', 'declined_face_match'],
  ['120', 'declined_face_match'],
  ['202', 'declined_face_match'],
  ['206', 'declined_unsupported_document'],
  ['510', 'declined_unsupported_document'],
]);

export interface DecisionFacts {
  status: string;
  reasonCode: string | null;
  /** Whether the decision's document number is the passport number on file. */
  passportMatches: boolean;
}

/** The result code of a decision, or null while it is not a decision yet (review). */
export function decisionResult(facts: DecisionFacts): TVerificationResultCode | null {
  if (facts.status === 'approved') {
    return facts.passportMatches ? 'approved' : 'approved_passport_mismatch';
  }
  if (facts.status === 'review') return null;
  const byReason =
    facts.reasonCode === null ? undefined : REASON_CODE_RESULTS.get(facts.reasonCode);
  if (byReason) return byReason;
  if (facts.status === 'resubmission_requested') return 'resubmission_requested';
  return 'verification_failed';
}
