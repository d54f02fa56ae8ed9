import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import { ZAuthenticationCredentialSchema } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { staff, staffPasskeyCredentials } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { challengeOf, consumeChallenge } from '../passkeys/challenges.js';
import { SIGN_IN_REFUSED } from '../passkeys/complete-authentication.js';
import type { RelyingParty } from '../passkeys/relying-party.js';
import { startStaffSession } from '../staff-auth/staff-sessions.js';

const refused = () => new HttpError(401, SIGN_IN_REFUSED);

/**
 * Verifies a staff passkey sign-in and, in one transaction, moves the passkey's counter forward,
 * records `staff.sign-in` and starts a staff session; answers the session's secret, for the
 * cookie. Only a passkey of staff_passkey_credentials answers a staff challenge: a student's
 * passkey, like every other failure (no such passkey, a used or student challenge, a bad
 * signature, no user verification, a counter that went back, a disabled account, a demo account
 * outside demo mode), is the same 401 (SIGN_IN_REFUSED).
 */
export async function completeStaffSignIn(
  db: Database,
  rp: RelyingParty,
  { response, demoMode, address }: { response: unknown; demoMode: boolean; address: string },
): Promise<string> {
  const parsed = ZAuthenticationCredentialSchema.safeParse(response);
  if (!parsed.success) throw refused();
  const credential = parsed.data;
  const challenge = challengeOf(credential.response.clientDataJSON);
  const binding = { purpose: 'staff-authentication', studentId: null } as const;
  if (!challenge || !(await consumeChallenge(db, challenge, binding))) throw refused();
  const [stored] = await db
    .select({
      id: staffPasskeyCredentials.id,
      staffId: staffPasskeyCredentials.staffId,
      publicKey: staffPasskeyCredentials.publicKey,
      counter: staffPasskeyCredentials.counter,
      transports: staffPasskeyCredentials.transports,
      disabledAt: staff.disabledAt,
      demo: staff.demo,
    })
    .from(staffPasskeyCredentials)
    .innerJoin(staff, eq(staff.id, staffPasskeyCredentials.staffId))
    .where(eq(staffPasskeyCredentials.id, credential.id));
  if (!stored || stored.disabledAt || (stored.demo && !demoMode)) throw refused();

  const verification = await verifyAuthenticationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: stored.id,
      publicKey: new Uint8Array(stored.publicKey),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw refused();

  return db.transaction(async (tx) => {
    // Moved forward only from the value verified, so two concurrent replays cannot both pass.
    const moved = await tx
      .update(staffPasskeyCredentials)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(
        and(
          eq(staffPasskeyCredentials.id, stored.id),
          eq(staffPasskeyCredentials.counter, stored.counter),
        ),
      )
      .returning({ id: staffPasskeyCredentials.id });
    if (moved.length === 0) throw refused();
    await recordAuditEvent(
      tx,
      { actor: 'staff', staffId: stored.staffId, address },
      { action: 'staff.sign-in', details: { credentialId: stored.id } },
    );
    return startStaffSession(tx, stored.staffId);
  });
}
