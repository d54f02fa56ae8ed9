import { eq } from 'drizzle-orm';
import {
  PASSKEY_CHANGE_MESSAGES,
  PASSKEY_CONFIRMATION_WINDOW_MS,
  type TCredentialAuditProof,
} from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { passkeyCredentials } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { SessionClaims } from '../auth/session-claims.js';

/**
 * What a student's session can show to change their passkeys; the other proof, 'recovery', is the
 * consultancy's new invite revoking them (issue-invite.ts).
 */
export type PasskeyChangeProof = Exclude<TCredentialAuditProof, 'recovery'>;

/** When the session last proved with a passkey that it is the student; null if never. */
export function confirmedAt(session: SessionClaims): Date | null {
  return session.scope === 'student' ? (session.authenticatedAt ?? null) : null;
}

/** Whether the session proved with a passkey that it is the student, a moment ago. */
export function recentlyConfirmed(session: SessionClaims, now = new Date()): boolean {
  const at = confirmedAt(session);
  return at !== null && now.getTime() - at.getTime() <= PASSKEY_CONFIRMATION_WINDOW_MS;
}

const confirmationRequired = () => new HttpError(403, PASSKEY_CHANGE_MESSAGES.confirmationRequired);

/**
 * What lets the session add a passkey now, or a 403 asking the student to confirm it is them.
 * A session token alone (copied from a device, or a demo login) must never become a passkey of
 * its own, which would outlive its logout and expiry: once the student holds a passkey, adding
 * another needs a fresh assertion by one of theirs. `db` may be the transaction that adds it.
 */
export async function proofToAddPasskey(
  db: Database,
  session: SessionClaims,
): Promise<PasskeyChangeProof> {
  if (session.scope === 'onboarding') return 'onboarding';
  if (session.scope === 'recovery') return 'account-recovery';
  if (recentlyConfirmed(session)) return 'passkey';
  const [held] = await db
    .select({ id: passkeyCredentials.id })
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.studentId, session.studentId))
    .limit(1);
  if (held) throw confirmationRequired();
  return 'session';
}

/** Removing a passkey needs the same fresh assertion; otherwise a 403. */
export function proofToRemovePasskey(session: SessionClaims): PasskeyChangeProof {
  if (!recentlyConfirmed(session)) throw confirmationRequired();
  return 'passkey';
}
