import type { FastifyInstance } from 'fastify';
import { STAFF_API_PATHS } from '../../shared/staff-api-paths.js';
import {
  type TStaffMember,
  type TStaffRole,
  ZStaffSessionResponseSchema,
} from '../../shared/staff.js';

export interface StaffSignedIn {
  staff: TStaffMember;
  /** The headers a browser of the console sends: its session cookie and the portal's Origin. */
  headers: Record<string, string>;
}

/** The Origin header of the portal's own pages in a test app. */
export const consoleOrigin = (app: FastifyInstance): Record<string, string> => ({
  origin: app.config.publicOrigin,
});

/** Signs in to the console as the seeded demo staff member of `role`, as its sign-in page does. */
export async function signInAsStaff(
  app: FastifyInstance,
  role: TStaffRole,
): Promise<StaffSignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: STAFF_API_PATHS.staffDemoLogin,
    headers: consoleOrigin(app),
    payload: { role },
  });
  if (res.statusCode !== 200)
    throw new Error(`staff demo login answered ${res.statusCode}: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === app.staffCookie.name);
  if (!cookie) throw new Error('staff demo login set no session cookie');
  return {
    staff: ZStaffSessionResponseSchema.parse(res.json()).staff,
    headers: { cookie: `${cookie.name}=${cookie.value}`, ...consoleOrigin(app) },
  };
}

/** A console session of each demo role's person, by role. */
export async function signInAsEveryRole(
  app: FastifyInstance,
): Promise<Record<TStaffRole, StaffSignedIn>> {
  return {
    admin: await signInAsStaff(app, 'admin'),
    agent: await signInAsStaff(app, 'agent'),
    school: await signInAsStaff(app, 'school'),
  };
}
