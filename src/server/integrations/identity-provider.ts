/**
 * The identity check behind one interface, so the routes never know which provider runs: Veriff
 * (integrations/veriff) in production, or the built-in simulated provider (integrations/simulated)
 * for local and demo use. Both speak Veriff's payload shapes, so one reader serves both.
 */

export type IdentityProviderName = 'veriff' | 'simulated';

export interface ProviderSessionRequest {
  /** Sent as Veriff's vendorData: a non-semantic id that comes back in every webhook. */
  studentId: string;
  firstName: string;
  lastName: string;
  /** The page of this portal the provider sends the student back to. */
  callbackUrl: string;
}

export interface ProviderSession {
  providerSessionId: string;
  sessionUrl: string;
}

/** A provider's decision, reduced to what the portal acts on. */
export interface ProviderDecision {
  providerSessionId: string;
  /** The decision's status string (approved, declined, resubmission_requested, ...). */
  status: string;
  reasonCode: string | null;
  reason: string | null;
  vendorData: string | null;
  /** The decision's own time, so a late, older decision never overrides a newer one. */
  decidedAt: Date;
  documentNumber: string | null;
  /** The delivery without personal data (no names, birth dates or document numbers), to keep. */
  auditRecord: Record<string, unknown>;
}

/** A progress event (started, submitted) of a session: never a decision. */
export interface ProviderEvent {
  providerSessionId: string;
  action: string;
  vendorData: string | null;
  auditRecord: Record<string, unknown>;
}

export type DecisionReading =
  | { kind: 'decision'; decision: ProviderDecision }
  /** A valid answer that holds no decision yet (a poll before the provider has decided). */
  | { kind: 'undecided' }
  | { kind: 'malformed' };

export type EventReading = { kind: 'event'; event: ProviderEvent } | { kind: 'malformed' };

export interface IdentityProvider {
  /** Stored with each session, so a session is only ever matched to the provider that made it. */
  readonly name: IdentityProviderName;
  /** Throws IdentityProviderError when the provider refuses or cannot be reached. */
  createSession(request: ProviderSessionRequest): Promise<ProviderSession>;
  /** True when `signature` is this provider's signature of exactly these bytes. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | string[] | undefined): boolean;
  readDecision(rawBody: Buffer): DecisionReading;
  readEvent(rawBody: Buffer): EventReading;
  /**
   * The provider's current decision for one of its sessions, as the raw response bytes; null when
   * the provider has nothing to ask (the simulated one only ever decides through its webhook).
   * Throws IdentityProviderError when the provider refuses or cannot be reached.
   */
  fetchDecision(providerSessionId: string): Promise<Buffer | null>;
}

/** The provider refused a call or could not be reached; says nothing personal. */
export class IdentityProviderError extends Error {
  override name = 'IdentityProviderError';
}
