import { randomUUID } from 'node:crypto';

/**
 * The decline choices of the simulated page, each sent with the status and reason code Veriff
 * itself uses for that case (its decision codes table), so the portal's mapping is exercised
 * exactly as in production: quality, expiry and document type come back as
 * resubmission_requested, a face mismatch and fraud as declined.
 */
export const SIMULATED_DECLINE_REASON_KEYS = [
  'document_quality',
  'document_expired',
  'face_mismatch',
  'unsupported_document',
  'fraud',
  'resubmission',
] as const;
export type SimulatedDeclineReason = (typeof SIMULATED_DECLINE_REASON_KEYS)[number];

interface SimulatedDecline {
  /** What the simulated page's select shows. */
  label: string;
  status: 'declined' | 'resubmission_requested';
  code: number;
  reasonCode: number;
  reason: string;
}

export const SIMULATED_DECLINE_REASONS: Readonly<Record<SimulatedDeclineReason, SimulatedDecline>> =
  {
    document_quality: {
      label: 'Document quality',
      status: 'resubmission_requested',
      code: 9103,
      reasonCode: 204,
      reason: 'Poor image quality',
    },
    document_expired: {
      label: 'Document expired',
      status: 'resubmission_requested',
      code: 9103,
      reasonCode: 207,
      reason: 'Document expired',
    },
    face_mismatch: {
      label: 'Face mismatch',
      status: 'declined',
      code: 9102,
      reasonCode: 103,
      reason: 'Person showing the document does not appear to match document photo',
    },
    unsupported_document: {
      label: 'Unsupported document',
      status: 'resubmission_requested',
      code: 9103,
      reasonCode: 206,
      reason: 'Document type not supported',
    },
    fraud: {
      label: 'Fraud',
      status: 'declined',
      code: 9102,
      reasonCode: 106,
      reason: 'Known fraud',
    },
    resubmission: {
      label: 'Resubmission',
      status: 'resubmission_requested',
      code: 9103,
      reasonCode: 201,
      reason: 'Video and/or photos missing',
    },
  };

export type SimulatedOutcome =
  { kind: 'approve' } | { kind: 'decline'; reason: SimulatedDeclineReason };

export interface SimulatedDecisionInput {
  providerSessionId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  /** The passport number the student "showed": the one on file, when the portal holds it. */
  documentNumber: string | null;
  startedAt: Date;
  decidedAt: Date;
  outcome: SimulatedOutcome;
}

/** A decision webhook body shaped like Veriff's, for the simulated provider to deliver. */
export function buildSimulatedDecisionPayload(input: SimulatedDecisionInput): object {
  const decline =
    input.outcome.kind === 'decline' ? SIMULATED_DECLINE_REASONS[input.outcome.reason] : null;
  return {
    status: 'success',
    verification: {
      id: input.providerSessionId,
      attemptId: randomUUID(),
      vendorData: input.studentId,
      endUserId: null,
      status: decline ? decline.status : 'approved',
      code: decline ? decline.code : 9001,
      reason: decline ? decline.reason : null,
      reasonCode: decline ? decline.reasonCode : null,
      acceptanceTime: input.startedAt.toISOString(),
      decisionTime: input.decidedAt.toISOString(),
      person: {
        firstName: input.firstName.toUpperCase(),
        lastName: input.lastName.toUpperCase(),
        idNumber: null,
      },
      document: {
        number: input.documentNumber,
        type: 'PASSPORT',
        country: null,
      },
      comments: [],
      additionalVerifiedData: {},
    },
    technicalData: { ip: null },
  };
}
