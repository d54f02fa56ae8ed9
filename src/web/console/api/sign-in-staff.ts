import {
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ZStaffSessionResponseSchema,
  type TStaffMember,
  type TStaffRole,
} from '../../../shared/staff.js';
import { ZStaffSignInBeginResponseSchema } from '../../../shared/staff-team.js';
import { consoleRead } from './console-request.js';

/** POST /api/staff/demo-login (demo mode only): signs in as the seeded staff member of `role`. */
export async function signInAsDemoStaff(role: TStaffRole): Promise<TStaffMember> {
  return (
    await consoleRead(STAFF_API_PATHS.staffDemoLogin, ZStaffSessionResponseSchema, 'POST', { role })
  ).staff;
}

/**
 * The staff passkey sign-in: the challenge (POST /api/staff/sign-in/begin), the browser's passkey
 * prompt, and the assertion back (POST /api/staff/sign-in/complete), which sets the session cookie.
 * Usernameless, as the students': the device offers the passkey it holds for this portal.
 */
export async function signInWithStaffPasskey(): Promise<TStaffMember> {
  const { options } = await consoleRead(
    STAFF_API_PATHS.staffSignInBegin,
    ZStaffSignInBeginResponseSchema,
    'POST',
    {},
  );
  // The server's options are SimpleWebAuthn's own JSON, which the contract keeps as a record.
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({ optionsJSON });
  return (
    await consoleRead(STAFF_API_PATHS.staffSignInComplete, ZStaffSessionResponseSchema, 'POST', {
      response,
    })
  ).staff;
}
