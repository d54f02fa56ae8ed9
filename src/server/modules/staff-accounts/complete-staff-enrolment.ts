import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { ZRegistrationCredentialSchema } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { staffPasskeyCredentials } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { challengeOf, consumeChallenge } from '../passkeys/challenges.js';
import {
  REGISTRATION_EXPIRED,
  REGISTRATION_NOT_VERIFIED,
} from '../passkeys/complete-registration.js';
import { PASSKEY_ALGORITHM_IDS, type RelyingParty } from '../passkeys/relying-party.js';
import { CREDENTIAL_TAKEN } from '../passkeys/store-passkey.js';
import { startStaffSession } from '../staff-auth/staff-sessions.js';
import { findOpenEnrolmentLink, useEnrolmentLink } from './enrolment-links.js';

/**
 * Verifies the passkey registered through an open enrolment link (410 when it is not open) and,
 * in one transaction, uses the link up, stores the passkey, records `staff.enrol` and starts a
 * staff session; answers the session's secret, for the cookie. A registration made for another
 * account's challenge, a student's, or none is a 400; a credential already stored a 409.
 */
export async function completeStaffEnrolment(
  db: Database,
  rp: RelyingParty,
  { token, response, address }: { token: string; response: unknown; address: string },
): Promise<string> {
  const link = await findOpenEnrolmentLink(db, token);
  const parsed = ZRegistrationCredentialSchema.safeParse(response);
  if (!parsed.success) throw new HttpError(400, REGISTRATION_NOT_VERIFIED);
  const credential = parsed.data;
  const challenge = challengeOf(credential.response.clientDataJSON);
  const binding = {
    purpose: 'staff-registration',
    studentId: null,
    staffId: link.staffId,
  } as const;
  if (!challenge || !(await consumeChallenge(db, challenge, binding)))
    throw new HttpError(400, REGISTRATION_EXPIRED);
  const verification = await verifyRegistrationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    supportedAlgorithmIDs: PASSKEY_ALGORITHM_IDS,
  }).catch(() => null);
  if (!verification?.verified) throw new HttpError(400, REGISTRATION_NOT_VERIFIED);
  const info = verification.registrationInfo;

  return db.transaction(async (tx) => {
    await useEnrolmentLink(tx, link);
    const stored = await tx
      .insert(staffPasskeyCredentials)
      .values({
        id: info.credential.id,
        staffId: link.staffId,
        publicKey: Buffer.from(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
      })
      .onConflictDoNothing()
      .returning({ id: staffPasskeyCredentials.id });
    if (stored.length === 0) throw new HttpError(409, CREDENTIAL_TAKEN);
    await recordAuditEvent(
      tx,
      { actor: 'staff', staffId: link.staffId, address },
      { action: 'staff.enrol', details: { credentialId: info.credential.id } },
    );
    await recordNotifications(tx, [
      { template: 'staff.passkey-added', to: { staffId: link.staffId }, params: {} },
    ]);
    return startStaffSession(tx, link.staffId);
  });
}
