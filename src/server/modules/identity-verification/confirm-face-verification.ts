import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PENDING_VERIFICATION_RESULT,
  verificationResultText,
} from '../../../shared/identity-verification.js';
import type { Database } from '../../db/client.js';
import { identityVerificationSessions } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import {
  type IdentityProvider,
  IdentityProviderError,
} from '../../integrations/identity-provider.js';
import { applyDecision } from './apply-decision.js';
import {
  attemptsOf,
  readSubjectVerification,
  type VerificationSubject,
} from './verification-subject.js';

export type ConfirmOutcome =
  | { kind: 'verified' }
  /** Not approved (yet): the message says why, for the student. */
  | { kind: 'not_verified'; message: string }
  | { kind: 'unknown_session' };

export interface ConfirmDeps {
  db: Database;
  keys: DataKeys;
  provider: IdentityProvider;
  log: FastifyBaseLogger;
}

export const NO_SESSION_MESSAGE = 'No identity verification has been started yet.';
export const NOT_DECIDED_MESSAGE =
  'Your identity verification has not been approved yet. Please wait a moment and try again.';

/**
 * Answers whether the subject's identity check (the student's own, or a recovery's) approved them,
 * never on the browser's word: from the decision stored for its session and, when the provider
 * can be asked (Veriff), from its decision endpoint, whose answer goes through the same checks as
 * a webhook. `providerSessionId` names the session to check (it must be the subject's); without
 * it, its current attempt.
 */
export async function confirmFaceVerification(
  deps: ConfirmDeps,
  subject: VerificationSubject,
  providerSessionId?: string,
): Promise<ConfirmOutcome> {
  const { db } = deps;
  const [session] = await db
    .select({
      provider: identityVerificationSessions.provider,
      providerSessionId: identityVerificationSessions.providerSessionId,
    })
    .from(identityVerificationSessions)
    .where(
      and(
        // A session a newer invite superseded is history: it can no longer verify the student.
        attemptsOf(subject),
        providerSessionId === undefined
          ? undefined
          : eq(identityVerificationSessions.providerSessionId, providerSessionId),
      ),
    )
    .orderBy(desc(identityVerificationSessions.createdAt), desc(identityVerificationSessions.id))
    .limit(1);
  if (providerSessionId !== undefined && !session) return { kind: 'unknown_session' };

  if (!(await readStudent(db, subject)).faceVerified && session?.provider === deps.provider.name) {
    await pollProvider(deps, session.providerSessionId);
  }

  const student = await readStudent(db, subject);
  if (student.faceVerified) return { kind: 'verified' };
  if (!session) return { kind: 'not_verified', message: NO_SESSION_MESSAGE };
  if (student.verificationResult === PENDING_VERIFICATION_RESULT) {
    return { kind: 'not_verified', message: NOT_DECIDED_MESSAGE };
  }
  return {
    kind: 'not_verified',
    message: verificationResultText(student.verificationResult).message,
  };
}

async function readStudent(db: Database, subject: VerificationSubject) {
  return (
    (await readSubjectVerification(db, subject)) ?? {
      faceVerified: false,
      verificationResult: PENDING_VERIFICATION_RESULT,
    }
  );
}

/**
 * Asks the provider for its decision, in case a webhook was lost or is late. A provider that
 * cannot be reached leaves the stored decision standing: the student is told to wait, not failed.
 */
async function pollProvider(deps: ConfirmDeps, providerSessionId: string): Promise<void> {
  let raw: Buffer | null;
  try {
    raw = await deps.provider.fetchDecision(providerSessionId);
  } catch (error) {
    if (!(error instanceof IdentityProviderError)) throw error;
    deps.log.warn({ sessionId: providerSessionId, err: error.message }, 'decision poll failed');
    return;
  }
  if (raw === null) return;
  const reading = deps.provider.readDecision(raw);
  if (reading.kind !== 'decision') {
    if (reading.kind === 'malformed')
      deps.log.warn({ sessionId: providerSessionId }, 'decision poll answered an unknown shape');
    return;
  }
  // The poll answers about the session asked for, or it is not used at all.
  if (reading.decision.providerSessionId !== providerSessionId) return;
  const outcome = await applyDecision(deps.db, deps.keys, {
    provider: deps.provider.name,
    decision: reading.decision,
    deliveryDigest: createHash('sha256').update(raw).digest('hex'),
    kind: 'decision_poll',
  });
  deps.log.info(
    { sessionId: providerSessionId, status: reading.decision.status, outcome },
    'identity decision polled',
  );
}
