import { z } from 'zod';
import { STAFF_ROLES } from './staff.js';

/**
 * Staff accounts (`/staff/team`, administrators only), enrolment (`/staff/enrol`) and passkey
 * sign-in (`/staff/sign-in`). WebAuthn options and responses are SimpleWebAuthn's JSON shapes.
 */

/** An enrolment link lives this long, and opens one enrolment. */
export const ENROLMENT_LINK_LIFETIME_HOURS = 72;

export const ZStaffAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  organisationName: z.string().nullable(),
  disabled: z.boolean(),
  /** Whether the account has registered a passkey. */
  enrolled: z.boolean(),
  /** When the open enrolment link stops working; null when there is none. */
  enrolmentLinkExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TStaffAccount = z.infer<typeof ZStaffAccountSchema>;

export const ZStaffTeamResponseSchema = z.object({ items: z.array(ZStaffAccountSchema) });

export const ZCreateStaffRequestSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(200),
  email: z.string().trim().max(254).pipe(z.email('Enter a valid e-mail address.')),
  role: z.enum(STAFF_ROLES),
  /** Required for an agent, absent otherwise. */
  agencyId: z.number().int().positive().optional(),
  /** Required for a school officer, absent otherwise. */
  schoolId: z.number().int().positive().optional(),
});
export type TCreateStaffRequest = z.infer<typeof ZCreateStaffRequestSchema>;

/** A new account, or a new link for one (recovery): the link is shown once, never stored. */
export const ZEnrolmentLinkResponseSchema = z.object({
  account: ZStaffAccountSchema,
  enrolmentUrl: z.string(),
  expiresAt: z.string(),
});
export type TEnrolmentLinkResponse = z.infer<typeof ZEnrolmentLinkResponseSchema>;

/** Every school and agency, for the team form's choices (administrators). */
export const ZStaffOrganisationChoicesSchema = z.object({
  schools: z.array(z.object({ id: z.number().int(), name: z.string() })),
  agencies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const ZEnrolBeginRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const ZEnrolBeginResponseSchema = z.object({
  name: z.string(),
  /** PublicKeyCredentialCreationOptionsJSON */
  options: z.record(z.string(), z.unknown()),
});
export const ZEnrolCompleteRequestSchema = z.object({
  token: z.string().min(1).max(200),
  /** RegistrationResponseJSON */
  response: z.record(z.string(), z.unknown()),
});
export const ZStaffSignInBeginResponseSchema = z.object({
  /** PublicKeyCredentialRequestOptionsJSON */
  options: z.record(z.string(), z.unknown()),
});
export const ZStaffSignInCompleteRequestSchema = z.object({
  /** AuthenticationResponseJSON */
  response: z.record(z.string(), z.unknown()),
});
