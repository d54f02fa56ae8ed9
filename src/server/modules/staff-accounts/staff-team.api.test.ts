import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ZEnrolmentLinkResponseSchema,
  ZStaffAccountSchema,
  ZStaffOrganisationChoicesSchema,
  ZStaffTeamResponseSchema,
} from '../../../shared/staff-team.js';
import { auditEvents, staffPasskeyCredentials } from '../../db/schema.js';
import { newAuthenticator } from '../../test/passkey-students.js';
import { bearer, signIn } from '../../test/sign-in.js';
import {
  createStaffThroughTeam,
  enrolWith,
  sessionHeadersOf,
  staffSignInWith,
  tokenOf,
} from '../../test/staff-accounts.js';
import { signInAsStaff, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_ROLE_REFUSED, STAFF_UNAUTHORIZED } from '../staff-auth/staff-scope.js';
import { ENROLMENT_LINK_GONE } from './enrolment-links.js';

const HOURS_72_MS = 72 * 60 * 60_000;

describe.each(testDatabaseKinds())('the staff team ($name)', (kind) => {
  let t: TestApp;
  let admin: StaffSignedIn;
  let choices: {
    schools: { id: number; name: string }[];
    agencies: { id: number; name: string }[];
  };
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsStaff(t.app, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: STAFF_API_PATHS.staffTeamOrganisations,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    choices = ZStaffOrganisationChoicesSchema.parse(res.json());
  });
  afterAll(() => t.close());

  const agencyId = () => choices.agencies[0]?.id ?? 0;
  const schoolId = () => choices.schools[0]?.id ?? 0;
  const team = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: STAFF_API_PATHS.staffTeam,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    return ZStaffTeamResponseSchema.parse(res.json()).items;
  };
  const create = (payload: object, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: STAFF_API_PATHS.staffTeam, headers, payload });
  const act = (
    path:
      typeof STAFF_API_PATHS.staffAccountDisable | typeof STAFF_API_PATHS.staffAccountEnrolmentLink,
    id: string,
    headers = admin.headers,
  ) => t.app.inject({ method: 'POST', url: path.replace(':id', id), headers, payload: {} });
  const lastAudit = async (action: string) => {
    const [row] = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, action))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    return row;
  };
  const whoAmI = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: STAFF_API_PATHS.staffSession, headers });

  it('lists every account with its organisation, and every school and agency for the form', async () => {
    expect(choices.agencies.map((a) => a.name)).toContain('Bright Horizons Education Consultants');
    expect(choices.schools.map((s) => s.name)).toContain('Lakeshore State University');
    expect(choices.agencies.length).toBeGreaterThanOrEqual(2);
    expect(choices.schools.length).toBeGreaterThanOrEqual(2);
    const items = await team();
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Grace Liu', role: 'admin', organisationName: null }),
        expect.objectContaining({
          name: 'Rahul Mehta',
          role: 'agent',
          organisationName: 'Bright Horizons Education Consultants',
          disabled: false,
          enrolled: false,
          enrolmentLinkExpiresAt: null,
        }),
        expect.objectContaining({
          name: 'Dana Whitfield',
          organisationName: 'Lakeshore State University',
        }),
      ]),
    );
  });

  it('creates an agent with a 72-hour enrolment link in the address fragment, audited without it', async () => {
    const before = Date.now();
    const res = await create({
      name: '  Omar Haddad ',
      email: 'omar.haddad@bright-horizons.example',
      role: 'agent',
      agencyId: agencyId(),
    });
    expect(res.statusCode).toBe(201);
    const body = ZEnrolmentLinkResponseSchema.parse(res.json());
    expect(body.enrolmentUrl).toMatch(
      /^http:\/\/localhost:5000\/staff\/enrol#token=[A-Za-z0-9_-]{43}$/,
    );
    const expiresAt = new Date(body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + HOURS_72_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + HOURS_72_MS);
    expect(body.account).toMatchObject({
      name: 'Omar Haddad',
      email: 'omar.haddad@bright-horizons.example',
      role: 'agent',
      organisationName: choices.agencies[0]?.name,
      disabled: false,
      enrolled: false,
      enrolmentLinkExpiresAt: body.expiresAt,
    });
    expect((await team()).find((a) => a.id === body.account.id)).toEqual(body.account);

    const audit = await lastAudit('staff.create');
    expect(audit).toMatchObject({
      actor: 'staff',
      staffId: admin.staff.id,
      details: { accountId: body.account.id, role: 'agent', agencyId: agencyId() },
    });
    expect(audit?.address).toBeTruthy();
    expect(JSON.stringify(audit)).not.toContain(tokenOf(body.enrolmentUrl));
  });

  it('creates a school officer and an administrator', async () => {
    const officer = await create({
      name: 'Mei Tan',
      email: 'mei.tan@school.example',
      role: 'school',
      schoolId: schoolId(),
    });
    expect(officer.statusCode).toBe(201);
    expect(officer.json<{ account: unknown }>().account).toMatchObject({
      role: 'school',
      organisationName: choices.schools[0]?.name,
    });
    const another = await create({
      name: 'Sam Ortiz',
      email: 'sam@consultancy.example',
      role: 'admin',
    });
    expect(another.statusCode).toBe(201);
  });

  it.each([
    [{ role: 'agent' }, "Choose the agent's agency."],
    [{ role: 'agent', agencyId: 999_999 }, 'No agency with this id.'],
    [
      { role: 'agent', agencyId: 1, schoolId: 1 },
      'An agent belongs to an agency, not to a school.',
    ],
    [{ role: 'school' }, "Choose the school officer's school."],
    [{ role: 'school', schoolId: 999_999 }, 'No school with this id.'],
    [
      { role: 'school', schoolId: 1, agencyId: 1 },
      'A school officer belongs to a school, not to an agency.',
    ],
    [{ role: 'admin', schoolId: 1 }, 'An administrator belongs to no agency or school.'],
  ])(
    'refuses an account whose organisation does not fit its role: %j',
    async (account, message) => {
      const res = await create({ name: 'Wrong Fit', email: 'wrong.fit@example.com', ...account });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    },
  );

  it('refuses bad input with a 400 and a message', async () => {
    for (const payload of [
      {},
      { name: '', email: 'a@example.com', role: 'admin' },
      { name: 'A', email: 'not-an-email', role: 'admin' },
      { name: 'A', email: 'a@example.com', role: 'owner' },
      { name: 'A', email: 'a@example.com', role: 'agent', agencyId: 'one' },
    ]) {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('refuses an e-mail address another account has, in any case, with a 409', async () => {
    const res = await create({
      name: 'Grace Again',
      email: 'GRACE.LIU@demo.staff-portal.test',
      role: 'admin',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'A staff account with this e-mail address already exists.',
    });
  });

  it('disables an account: its sessions end at once, its passkey signs in no more, audited', async () => {
    const created = await createStaffThroughTeam(t.app, admin, {
      role: 'school',
      schoolId: schoolId(),
    });
    const device = newAuthenticator();
    const enrolled = await enrolWith(t.app, device, tokenOf(created.enrolmentUrl));
    const session = sessionHeadersOf(t.app, enrolled.res);
    expect((await whoAmI(session)).statusCode).toBe(200);

    const res = await act(STAFF_API_PATHS.staffAccountDisable, created.account.id);
    expect(res.statusCode).toBe(200);
    expect(ZStaffAccountSchema.parse(res.json())).toMatchObject({
      id: created.account.id,
      disabled: true,
      enrolled: true,
    });
    expect((await whoAmI(session)).json()).toEqual({ message: STAFF_UNAUTHORIZED });
    expect((await staffSignInWith(t.app, device, enrolled.credentialId)).statusCode).toBe(401);
    expect(await lastAudit('staff.disable')).toMatchObject({
      actor: 'staff',
      staffId: admin.staff.id,
      details: { accountId: created.account.id },
    });

    const again = await act(STAFF_API_PATHS.staffAccountDisable, created.account.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This account is already disabled.' });
    const link = await act(STAFF_API_PATHS.staffAccountEnrolmentLink, created.account.id);
    expect(link.statusCode).toBe(409);
    expect(link.json()).toEqual({ message: 'This account is disabled: it cannot enrol.' });
  });

  it('an administrator cannot disable their own account nor replace their own passkey', async () => {
    const res = await act(STAFF_API_PATHS.staffAccountDisable, admin.staff.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'You cannot disable your own account. Ask another administrator.',
    });
    const link = await act(STAFF_API_PATHS.staffAccountEnrolmentLink, admin.staff.id);
    expect(link.statusCode).toBe(409);
    expect((await whoAmI(admin.headers)).statusCode).toBe(200);
  });

  it('answers 404 for an account that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      for (const path of [
        STAFF_API_PATHS.staffAccountDisable,
        STAFF_API_PATHS.staffAccountEnrolmentLink,
      ]) {
        const res = await act(path, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'No staff account with this id.' });
      }
    }
  });

  it('a new link (recovery) ends the sessions, removes the passkeys and replaces the old link', async () => {
    const created = await createStaffThroughTeam(t.app, admin, {
      role: 'agent',
      agencyId: agencyId(),
    });
    const lost = newAuthenticator();
    const enrolled = await enrolWith(t.app, lost, tokenOf(created.enrolmentUrl));
    const session = sessionHeadersOf(t.app, enrolled.res);

    const res = await act(STAFF_API_PATHS.staffAccountEnrolmentLink, created.account.id);
    expect(res.statusCode).toBe(200);
    const renewed = ZEnrolmentLinkResponseSchema.parse(res.json());
    expect(renewed.enrolmentUrl).not.toBe(created.enrolmentUrl);
    expect(renewed.account).toMatchObject({
      enrolled: false,
      enrolmentLinkExpiresAt: renewed.expiresAt,
    });
    expect((await whoAmI(session)).statusCode).toBe(401);
    expect((await staffSignInWith(t.app, lost, enrolled.credentialId)).statusCode).toBe(401);
    expect(
      await t.app.db
        .select()
        .from(staffPasskeyCredentials)
        .where(eq(staffPasskeyCredentials.staffId, created.account.id)),
    ).toEqual([]);
    const audit = await lastAudit('staff.enrolment-link');
    expect(audit).toMatchObject({
      staffId: admin.staff.id,
      details: { accountId: created.account.id, passkeysRemoved: 1 },
    });
    expect(JSON.stringify(audit)).not.toContain(tokenOf(renewed.enrolmentUrl));

    // The old link stays used; the new one enrols a new device, which signs in.
    expect(
      (await enrolWith(t.app, newAuthenticator(), tokenOf(created.enrolmentUrl))).res.json(),
    ).toEqual({
      message: ENROLMENT_LINK_GONE,
    });
    const device = newAuthenticator();
    const again = await enrolWith(t.app, device, tokenOf(renewed.enrolmentUrl));
    expect(again.res.statusCode).toBe(200);
    expect((await staffSignInWith(t.app, device, again.credentialId)).statusCode).toBe(200);
  });

  it('refuses agents and school officers (403), and callers without a staff session (401)', async () => {
    const agent = await signInAsStaff(t.app, 'agent');
    const officer = await signInAsStaff(t.app, 'school');
    const student = await signIn(t.app);
    const someone = admin.staff.id;
    const requests = [
      { method: 'GET', url: STAFF_API_PATHS.staffTeam },
      { method: 'GET', url: STAFF_API_PATHS.staffTeamOrganisations },
      {
        method: 'POST',
        url: STAFF_API_PATHS.staffTeam,
        payload: { name: 'X', email: 'x@example.com', role: 'admin' },
      },
      {
        method: 'POST',
        url: STAFF_API_PATHS.staffAccountDisable.replace(':id', someone),
        payload: {},
      },
      {
        method: 'POST',
        url: STAFF_API_PATHS.staffAccountEnrolmentLink.replace(':id', someone),
        payload: {},
      },
    ] as const;
    for (const request of requests) {
      for (const caller of [agent, officer]) {
        const res = await t.app.inject({ ...request, headers: caller.headers });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: STAFF_ROLE_REFUSED });
      }
      for (const headers of [
        { origin: t.app.config.publicOrigin },
        { ...bearer(student.token), origin: t.app.config.publicOrigin },
      ]) {
        const res = await t.app.inject({ ...request, headers });
        expect(res.statusCode).toBe(401);
      }
    }
    // Nothing changed: the administrator still works, and nobody called X was made.
    expect((await whoAmI(admin.headers)).statusCode).toBe(200);
    expect((await team()).some((a) => a.email === 'x@example.com')).toBe(false);
    const [refusedAudit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'staff.create'), eq(auditEvents.staffId, agent.staff.id)));
    expect(refusedAudit).toBeUndefined();
  });
});
