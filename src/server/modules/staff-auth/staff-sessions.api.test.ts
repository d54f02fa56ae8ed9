import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { staff, staffSessions } from '../../db/schema.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { consoleOrigin, signInAsStaff } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_FOREIGN_ORIGIN, STAFF_UNAUTHORIZED } from './staff-scope.js';
import { STAFF_SESSION_IDLE_MS, STAFF_SESSION_LIFETIME_MS } from './staff-sessions.js';

describe.each(testDatabaseKinds())('staff sessions ($name)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const whoAmI = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: STAFF_API_PATHS.staffSession, headers });

  it.each([
    ['admin', 'Grace Liu', null],
    ['agent', 'Rahul Mehta', 'Bright Horizons Education Consultants'],
    ['school', 'Dana Whitfield', 'Lakeshore State University'],
  ] as const)('a demo %s signs in and the cookie opens their session', async (role, name, org) => {
    const { staff: member, headers } = await signInAsStaff(t.app, role);
    expect(member).toMatchObject({ name, role, organisationName: org });
    const res = await whoAmI(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ staff: member });
  });

  it('sets an HttpOnly, SameSite=Strict cookie that lives 8 hours at most', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: STAFF_API_PATHS.staffDemoLogin,
      headers: consoleOrigin(t.app),
      payload: { role: 'admin' },
    });
    const cookie = res.cookies.find((c) => c.name === 'staff_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.maxAge).toBe(STAFF_SESSION_LIFETIME_MS / 1000);
    // The session is not in the answer's body: no script can read it.
    expect(res.body).not.toContain(cookie?.value ?? 'no cookie');
  });

  it('refuses a request without a session, with a tampered cookie or a student token', async () => {
    const student = await signIn(t.app);
    for (const headers of [
      {},
      { cookie: 'staff_session=not-a-session' },
      bearer(student.token),
      { cookie: `staff_session=${student.token}` },
    ]) {
      const res = await whoAmI(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: STAFF_UNAUTHORIZED });
    }
  });

  it('refuses a staff cookie on a student route', async () => {
    const { headers } = await signInAsStaff(t.app, 'admin');
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.applications, headers });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a state-changing request from another origin or with none', async () => {
    for (const origin of [{ origin: 'https://evil.example' }, {}]) {
      const login = await t.app.inject({
        method: 'POST',
        url: STAFF_API_PATHS.staffDemoLogin,
        headers: origin,
        payload: { role: 'admin' },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({ message: STAFF_FOREIGN_ORIGIN });
      expect(login.cookies).toEqual([]);
    }
    const { headers } = await signInAsStaff(t.app, 'admin');
    const signOut = await t.app.inject({
      method: 'DELETE',
      url: STAFF_API_PATHS.staffSession,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(signOut.statusCode).toBe(403);
    expect((await whoAmI(headers)).statusCode).toBe(200);
  });

  it('signing out ends the session on the server', async () => {
    const { headers } = await signInAsStaff(t.app, 'agent');
    const res = await t.app.inject({
      method: 'DELETE',
      url: STAFF_API_PATHS.staffSession,
      headers,
    });
    expect(res.statusCode).toBe(204);
    expect((await whoAmI(headers)).statusCode).toBe(401);
  });

  it('ends a session after 30 idle minutes and after 8 hours whatever happens', async () => {
    const idle = await signInAsStaff(t.app, 'school');
    const longLived = await signInAsStaff(t.app, 'school');
    // The row holds the SHA-256 of the cookie's secret.
    const rowOf = (headers: Record<string, string>) =>
      eq(
        staffSessions.secretHash,
        createHash('sha256')
          .update(headers.cookie?.split('=')[1] ?? '')
          .digest('base64url'),
      );
    await t.app.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - STAFF_SESSION_IDLE_MS - 1000) })
      .where(rowOf(idle.headers));
    expect((await whoAmI(idle.headers)).statusCode).toBe(401);

    await t.app.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(rowOf(longLived.headers));
    expect((await whoAmI(longLived.headers)).statusCode).toBe(401);
  });

  it('a disabled account, or one whose sessions were ended, is refused at once', async () => {
    const { staff: member, headers } = await signInAsStaff(t.app, 'agent');
    await t.app.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, member.id));
    expect((await whoAmI(headers)).statusCode).toBe(401);
    await t.app.db.update(staff).set({ disabledAt: null }).where(eq(staff.id, member.id));
    expect((await whoAmI(headers)).statusCode).toBe(200);
    await t.app.db
      .update(staff)
      .set({ tokensValidAfter: new Date(Date.now() + 1000) })
      .where(eq(staff.id, member.id));
    expect((await whoAmI(headers)).statusCode).toBe(401);
  });
});

describe.each(testDatabaseKinds().slice(0, 1))('staff demo login outside demo mode', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { DEMO_MODE: 'false' });
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: STAFF_API_PATHS.staffDemoLogin,
      headers: consoleOrigin(t.app),
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(404);
  });
});
