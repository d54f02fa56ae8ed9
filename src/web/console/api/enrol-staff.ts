import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZStaffSessionResponseSchema, type TStaffMember } from '../../../shared/staff.js';
import { ZEnrolBeginResponseSchema } from '../../../shared/staff-team.js';
import { consoleRead } from './console-request.js';

export type TEnrolBeginResponse = z.infer<typeof ZEnrolBeginResponseSchema>;

/**
 * POST /api/staff/enrol/begin: whose enrolment link it is, and the options for their passkey.
 * Read when the page opens, so the person sees their name (or why the link no longer works)
 * before being asked for anything. Never retried: a link that failed once fails again.
 */
export const enrolBeginQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['staff', 'enrol', token],
    queryFn: () =>
      consoleRead(STAFF_API_PATHS.staffEnrolBegin, ZEnrolBeginResponseSchema, 'POST', { token }),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * The browser's passkey prompt with the begin's options, then POST /api/staff/enrol/complete,
 * which stores the passkey, spends the link and starts the session.
 */
export async function enrolStaffPasskey(
  token: string,
  options: TEnrolBeginResponse['options'],
): Promise<TStaffMember> {
  // The server's options are SimpleWebAuthn's own JSON, which the contract keeps as a record.
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  const response = await startRegistration({ optionsJSON });
  return (
    await consoleRead(STAFF_API_PATHS.staffEnrolComplete, ZStaffSessionResponseSchema, 'POST', {
      token,
      response,
    })
  ).staff;
}
