import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { STAFF_API_PATHS } from '../../shared/staff-api-paths.js';
import {
  type TCreateStaffRequest,
  type TEnrolmentLinkResponse,
  ZEnrolBeginResponseSchema,
  ZEnrolmentLinkResponseSchema,
  ZStaffSignInBeginResponseSchema,
} from '../../shared/staff-team.js';
import type { SoftwareAuthenticator } from './software-authenticator.js';
import { consoleOrigin, type StaffSignedIn } from './staff-sign-in.js';

/** The token of an enrolment link, from its address's fragment, as the enrolment page reads it. */
export const tokenOf = (enrolmentUrl: string): string =>
  new URLSearchParams(new URL(enrolmentUrl).hash.slice(1)).get('token') ?? '';

let accounts = 0;

/** A new staff account made by an administrator on the team page; answers its enrolment link. */
export async function createStaffThroughTeam(
  app: FastifyInstance,
  admin: StaffSignedIn,
  account: Partial<TCreateStaffRequest> = {},
): Promise<TEnrolmentLinkResponse> {
  accounts += 1;
  const res = await app.inject({
    method: 'POST',
    url: STAFF_API_PATHS.staffTeam,
    headers: admin.headers,
    payload: {
      name: `Staff Member ${accounts}`,
      email: `staff-${accounts}-${Date.now()}@consultancy.example`,
      role: 'admin',
      ...account,
    },
  });
  if (res.statusCode !== 201)
    throw new Error(`creating staff answered ${res.statusCode}: ${res.body}`);
  return ZEnrolmentLinkResponseSchema.parse(res.json());
}

/** The enrolment page: options for the link's token, a passkey made for them, and completion. */
export async function enrolWith(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  token: string,
): Promise<{ res: LightMyRequestResponse; credentialId: string }> {
  const begin = await app.inject({
    method: 'POST',
    url: STAFF_API_PATHS.staffEnrolBegin,
    headers: consoleOrigin(app),
    payload: { token },
  });
  if (begin.statusCode !== 200) return { res: begin, credentialId: '' };
  const { options } = ZEnrolBeginResponseSchema.parse(begin.json());
  const response = authenticator.register(options as { challenge: string; user: { id: string } });
  const res = await app.inject({
    method: 'POST',
    url: STAFF_API_PATHS.staffEnrolComplete,
    headers: consoleOrigin(app),
    payload: { token, response },
  });
  return { res, credentialId: response.id };
}

/** The staff sign-in page: options, the passkey's assertion, completion. */
export async function staffSignInWith(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  credentialId: string,
  overrides: { counter?: number } = {},
): Promise<LightMyRequestResponse> {
  const begin = await app.inject({
    method: 'POST',
    url: STAFF_API_PATHS.staffSignInBegin,
    headers: consoleOrigin(app),
    payload: {},
  });
  const { options } = ZStaffSignInBeginResponseSchema.parse(begin.json());
  return app.inject({
    method: 'POST',
    url: STAFF_API_PATHS.staffSignInComplete,
    headers: consoleOrigin(app),
    payload: {
      response: authenticator.authenticate(
        options as { challenge: string },
        credentialId,
        overrides,
      ),
    },
  });
}

/** The headers of the console with the session cookie a staff sign-in or enrolment set. */
export function sessionHeadersOf(
  app: FastifyInstance,
  res: LightMyRequestResponse,
): Record<string, string> {
  const cookie = res.cookies.find((c) => c.name === app.staffCookie.name);
  if (!cookie) throw new Error(`no staff session cookie in an answer ${res.statusCode}`);
  return { cookie: `${cookie.name}=${cookie.value}`, ...consoleOrigin(app) };
}
