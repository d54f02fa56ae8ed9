import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ZAuthenticationOptionsSchema,
  ZRegistrationOptionsSchema,
} from '../../../shared/passkeys.js';
import { ZStaffSessionResponseSchema } from '../../../shared/staff.js';
import { ZEnrolBeginResponseSchema } from '../../../shared/staff-team.js';
import {
  auditEvents,
  passkeyCredentials,
  staffEnrolmentLinks,
  staffPasskeyCredentials,
} from '../../db/schema.js';
import { newAuthenticator, onboardingSessionFor } from '../../test/passkey-students.js';
import { passIdentityCheck, seededStudentId } from '../../test/seeded-students.js';
import {
  createStaffThroughTeam,
  enrolWith,
  sessionHeadersOf,
  staffSignInWith,
  tokenOf,
} from '../../test/staff-accounts.js';
import { consoleOrigin, signInAsStaff, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_FOREIGN_ORIGIN } from '../staff-auth/staff-scope.js';
import { ENROLMENT_LINK_GONE } from './enrolment-links.js';

const LINK_GONE = { message: ENROLMENT_LINK_GONE };
const SIGN_IN_REFUSED = { message: 'Authentication failed. Please try again.' };

describe.each(testDatabaseKinds())('staff enrolment and passkey sign-in ($name)', (kind) => {
  let t: TestApp;
  let admin: StaffSignedIn;
  let agencyId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsStaff(t.app, 'admin');
    const organisations = await t.app.inject({
      method: 'GET',
      url: STAFF_API_PATHS.staffTeamOrganisations,
      headers: admin.headers,
    });
    agencyId = organisations.json<{ agencies: { id: number }[] }>().agencies[0]?.id ?? 0;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers = consoleOrigin(t.app)) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const whoAmI = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: STAFF_API_PATHS.staffSession, headers });
  const auditRows = (staffId: string, action: string) =>
    t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.staffId, staffId), eq(auditEvents.action, action)))
      .orderBy(desc(auditEvents.id));
  /** A new agent, enrolled with a passkey of `authenticator`. */
  const enrolledAgent = async (authenticator = newAuthenticator()) => {
    const created = await createStaffThroughTeam(t.app, admin, { role: 'agent', agencyId });
    const { res, credentialId } = await enrolWith(
      t.app,
      authenticator,
      tokenOf(created.enrolmentUrl),
    );
    expect(res.statusCode).toBe(200);
    return {
      account: created.account,
      authenticator,
      credentialId,
      headers: sessionHeadersOf(t.app, res),
    };
  };

  it('a new agent enrols a passkey with their link, with the options students get, and is signed in', async () => {
    const created = await createStaffThroughTeam(t.app, admin, {
      name: 'Lena Park',
      role: 'agent',
      agencyId,
    });
    const token = tokenOf(created.enrolmentUrl);
    const begin = await post(STAFF_API_PATHS.staffEnrolBegin, { token });
    expect(begin.statusCode).toBe(200);
    const body = ZEnrolBeginResponseSchema.parse(begin.json());
    expect(body.name).toBe('Lena Park');
    const options = ZRegistrationOptionsSchema.parse(body.options);
    expect(options.pubKeyCredParams.map((param) => param.alg)).toEqual([-8, -7, -257]);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'F-1 Student Portal' },
      user: { name: created.account.email, displayName: 'Lena Park' },
      attestation: 'none',
      authenticatorSelection: {
        authenticatorAttachment: 'platform',
        residentKey: 'required',
        userVerification: 'required',
      },
    });

    const authenticator = newAuthenticator();
    const response = authenticator.register(options);
    const complete = await post(STAFF_API_PATHS.staffEnrolComplete, { token, response });
    expect(complete.statusCode).toBe(200);
    expect(ZStaffSessionResponseSchema.parse(complete.json()).staff).toEqual({
      id: created.account.id,
      name: 'Lena Park',
      role: 'agent',
      organisationName: 'Bright Horizons Education Consultants',
    });
    const cookie = complete.cookies.find((c) => c.name === 'staff_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect((await whoAmI(sessionHeadersOf(t.app, complete))).statusCode).toBe(200);

    // The passkey is a staff one, not a student's; the team page shows the account enrolled.
    const [stored] = await t.app.db
      .select()
      .from(staffPasskeyCredentials)
      .where(eq(staffPasskeyCredentials.id, response.id));
    expect(stored?.staffId).toBe(created.account.id);
    expect(
      await t.app.db
        .select()
        .from(passkeyCredentials)
        .where(eq(passkeyCredentials.id, response.id)),
    ).toEqual([]);
    const team = await t.app.inject({
      method: 'GET',
      url: STAFF_API_PATHS.staffTeam,
      headers: admin.headers,
    });
    expect(
      team.json<{ items: { id: string }[] }>().items.find((a) => a.id === created.account.id),
    ).toMatchObject({ enrolled: true, enrolmentLinkExpiresAt: null });
    const [enrolled] = await auditRows(created.account.id, 'staff.enrol');
    expect(enrolled).toMatchObject({ actor: 'staff', details: { credentialId: response.id } });
    expect(JSON.stringify(enrolled)).not.toContain(token);
  });

  it('a link enrols once: begin and complete refuse it afterwards', async () => {
    const created = await createStaffThroughTeam(t.app, admin);
    const token = tokenOf(created.enrolmentUrl);
    const authenticator = newAuthenticator();
    const options = ZEnrolBeginResponseSchema.parse(
      (await post(STAFF_API_PATHS.staffEnrolBegin, { token })).json(),
    ).options;
    // Two ceremonies begun, one completed: the second completion finds the link used.
    const again = ZEnrolBeginResponseSchema.parse(
      (await post(STAFF_API_PATHS.staffEnrolBegin, { token })).json(),
    ).options;
    const first = await post(STAFF_API_PATHS.staffEnrolComplete, {
      token,
      response: authenticator.register(ZRegistrationOptionsSchema.parse(options)),
    });
    expect(first.statusCode).toBe(200);
    const second = await post(STAFF_API_PATHS.staffEnrolComplete, {
      token,
      response: authenticator.register(ZRegistrationOptionsSchema.parse(again)),
    });
    expect(second.statusCode).toBe(410);
    expect(second.json()).toEqual(LINK_GONE);
    expect(second.cookies).toEqual([]);
    const begin = await post(STAFF_API_PATHS.staffEnrolBegin, { token });
    expect(begin.statusCode).toBe(410);
    expect(begin.json()).toEqual(LINK_GONE);
    const [{ n } = { n: -1 }] = await t.app.db
      .select({ n: count() })
      .from(staffPasskeyCredentials)
      .where(eq(staffPasskeyCredentials.staffId, created.account.id));
    expect(n).toBe(1);
  });

  it('refuses an expired link, an unknown one and an older one replaced by a new link', async () => {
    const expired = await createStaffThroughTeam(t.app, admin);
    await t.app.db
      .update(staffEnrolmentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffEnrolmentLinks.staffId, expired.account.id));
    const replaced = await createStaffThroughTeam(t.app, admin);
    const renewed = await post(
      STAFF_API_PATHS.staffAccountEnrolmentLink.replace(':id', replaced.account.id),
      {},
      admin.headers,
    );
    expect(renewed.statusCode).toBe(200);
    for (const token of [
      tokenOf(expired.enrolmentUrl),
      'not-a-token',
      tokenOf(replaced.enrolmentUrl),
    ]) {
      const res = await enrolWith(t.app, newAuthenticator(), token);
      expect(res.res.statusCode).toBe(410);
      expect(res.res.json()).toEqual(LINK_GONE);
    }
    const newLink = renewed.json<{ enrolmentUrl: string }>().enrolmentUrl;
    expect((await enrolWith(t.app, newAuthenticator(), tokenOf(newLink))).res.statusCode).toBe(200);
  });

  it("refuses a registration made for another account's challenge, for a sign-in, or with none", async () => {
    const mine = await createStaffThroughTeam(t.app, admin);
    const theirs = await createStaffThroughTeam(t.app, admin);
    const authenticator = newAuthenticator();
    const theirOptions = ZRegistrationOptionsSchema.parse(
      ZEnrolBeginResponseSchema.parse(
        (
          await post(STAFF_API_PATHS.staffEnrolBegin, { token: tokenOf(theirs.enrolmentUrl) })
        ).json(),
      ).options,
    );
    const signInOptions = (await post(STAFF_API_PATHS.staffSignInBegin, {})).json<{
      options: { challenge: string };
    }>().options;
    const token = tokenOf(mine.enrolmentUrl);
    for (const options of [theirOptions, { ...theirOptions, challenge: signInOptions.challenge }]) {
      const res = await post(STAFF_API_PATHS.staffEnrolComplete, {
        token,
        response: authenticator.register(options),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'This passkey request has expired or was already used. Please try again.',
      });
    }
    const garbage = await post(STAFF_API_PATHS.staffEnrolComplete, {
      token,
      response: { id: 'x' },
    });
    expect(garbage.statusCode).toBe(400);
    // None of it used the link up.
    expect((await enrolWith(t.app, authenticator, token)).res.statusCode).toBe(200);
  });

  it('signs in with a staff passkey, usernameless, once per assertion', async () => {
    const agent = await enrolledAgent();
    const begin = await post(STAFF_API_PATHS.staffSignInBegin, {});
    expect(begin.statusCode).toBe(200);
    const options = ZAuthenticationOptionsSchema.parse(begin.json<{ options: unknown }>().options);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.rpId).toBe('localhost');

    const res = await staffSignInWith(t.app, agent.authenticator, agent.credentialId);
    expect(res.statusCode).toBe(200);
    expect(ZStaffSessionResponseSchema.parse(res.json()).staff).toMatchObject({
      id: agent.account.id,
      role: 'agent',
    });
    expect((await whoAmI(sessionHeadersOf(t.app, res))).statusCode).toBe(200);
    const [signedIn] = await auditRows(agent.account.id, 'staff.sign-in');
    expect(signedIn).toMatchObject({
      actor: 'staff',
      details: { credentialId: agent.credentialId },
    });

    // The same assertion again (its challenge is used up), or a counter that went back.
    const options2 = ZAuthenticationOptionsSchema.parse(
      (await post(STAFF_API_PATHS.staffSignInBegin, {})).json<{ options: unknown }>().options,
    );
    const assertion = agent.authenticator.authenticate(options2, agent.credentialId);
    expect(
      (await post(STAFF_API_PATHS.staffSignInComplete, { response: assertion })).statusCode,
    ).toBe(200);
    const replay = await post(STAFF_API_PATHS.staffSignInComplete, { response: assertion });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(SIGN_IN_REFUSED);
    const regressed = await staffSignInWith(t.app, agent.authenticator, agent.credentialId, {
      counter: 1,
    });
    expect(regressed.statusCode).toBe(401);
    expect(regressed.cookies).toEqual([]);
  });

  it('a student passkey opens no staff session, and a staff passkey no student session', async () => {
    const amara = await seededStudentId(t.app, 'Amara');
    await passIdentityCheck(t.app, amara);
    const studentDevice = newAuthenticator();
    const onboarding = await onboardingSessionFor(t.app, amara);
    const bearer = { authorization: `Bearer ${onboarding}` };
    const registerOptions = ZRegistrationOptionsSchema.parse(
      (await post(API_PATHS.registerBegin, { username: amara, userId: amara }, bearer)).json(),
    );
    const studentCredential = studentDevice.register(registerOptions);
    const registered = await post(
      API_PATHS.registerComplete,
      { credential: studentCredential, userId: amara },
      bearer,
    );
    expect(registered.statusCode).toBe(200);

    const atStaffSignIn = await staffSignInWith(t.app, studentDevice, studentCredential.id);
    expect(atStaffSignIn.statusCode).toBe(401);
    expect(atStaffSignIn.json()).toEqual(SIGN_IN_REFUSED);
    expect(atStaffSignIn.cookies).toEqual([]);

    const agent = await enrolledAgent();
    const studentOptions = ZAuthenticationOptionsSchema.parse(
      (await post(API_PATHS.authenticateBegin, {})).json(),
    );
    const atStudentSignIn = await post(API_PATHS.authenticateComplete, {
      credential: agent.authenticator.authenticate(studentOptions, agent.credentialId),
    });
    expect(atStudentSignIn.statusCode).toBe(401);
    expect(atStudentSignIn.json()).toEqual(SIGN_IN_REFUSED);
    // A staff sign-in challenge is no student's either, and the other way round.
    const staffOptions = ZAuthenticationOptionsSchema.parse(
      (await post(STAFF_API_PATHS.staffSignInBegin, {})).json<{ options: unknown }>().options,
    );
    const crossed = await post(API_PATHS.authenticateComplete, {
      credential: studentDevice.authenticate(staffOptions, studentCredential.id),
    });
    expect(crossed.statusCode).toBe(401);
  });

  it('a disabled account signs in no more and its link opens nothing', async () => {
    const agent = await enrolledAgent();
    const pending = await createStaffThroughTeam(t.app, admin);
    for (const id of [agent.account.id, pending.account.id]) {
      const res = await post(
        STAFF_API_PATHS.staffAccountDisable.replace(':id', id),
        {},
        admin.headers,
      );
      expect(res.statusCode).toBe(200);
    }
    expect((await whoAmI(agent.headers)).statusCode).toBe(401);
    expect((await staffSignInWith(t.app, agent.authenticator, agent.credentialId)).statusCode).toBe(
      401,
    );
    expect(
      (await enrolWith(t.app, newAuthenticator(), tokenOf(pending.enrolmentUrl))).res.json(),
    ).toEqual(LINK_GONE);
  });

  it('every route refuses a request from another origin, before anything is counted or stored', async () => {
    for (const url of [
      STAFF_API_PATHS.staffEnrolBegin,
      STAFF_API_PATHS.staffEnrolComplete,
      STAFF_API_PATHS.staffSignInBegin,
      STAFF_API_PATHS.staffSignInComplete,
    ]) {
      for (const headers of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
        const res = await post(url, { token: 'x', response: {} }, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: STAFF_FOREIGN_ORIGIN });
      }
    }
  });

  it('answers 400 to a request without its token or response', async () => {
    for (const [url, payload] of [
      [STAFF_API_PATHS.staffEnrolBegin, {}],
      [STAFF_API_PATHS.staffEnrolBegin, { token: '' }],
      [STAFF_API_PATHS.staffEnrolComplete, { token: 'x' }],
      [STAFF_API_PATHS.staffSignInComplete, {}],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    const signInGarbage = await post(STAFF_API_PATHS.staffSignInComplete, {
      response: { id: 'x' },
    });
    expect(signInGarbage.statusCode).toBe(401);
  });

  it('limits sign-in attempts per address', async () => {
    const from = consoleOrigin(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: STAFF_API_PATHS.staffSignInBegin,
            headers: from,
            payload: {},
            remoteAddress: '203.0.113.9',
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
