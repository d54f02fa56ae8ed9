import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { bearer, type SignedIn, signIn } from '../../test/sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';

describe.each(testDatabaseKinds())('the student language on $name', (kind) => {
  let t: TestApp;
  let priya: SignedIn;
  let lucas: SignedIn;

  const read = (token: string | undefined) =>
    t.app.inject({ method: 'GET', url: API_PATHS.studentLanguage, headers: bearer(token) });
  const set = (token: string | undefined, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: API_PATHS.studentLanguage,
      headers: bearer(token),
      payload,
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    priya = await signIn(t.app, 'moi-required');
    lucas = await signIn(t.app, 'sevis-due');
  });
  afterAll(() => t.close());

  it('is English until the student chooses, then the chosen language, on every later read', async () => {
    expect((await read(priya.token)).json()).toEqual({ language: 'en' });
    const res = await set(priya.token, { language: 'ar' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'ar' });
    expect((await read(priya.token)).json()).toEqual({ language: 'ar' });
  });

  it("changes only the student's own language", async () => {
    await set(lucas.token, { language: 'zh-Hans' });
    await set(priya.token, { language: 'hi' });
    expect((await read(lucas.token)).json()).toEqual({ language: 'zh-Hans' });
  });

  it('refuses a language the portal does not offer, with a message, and keeps the one set', async () => {
    await set(priya.token, { language: 'vi' });
    for (const payload of [{ language: 'fr' }, { language: 'zh-Hant' }, {}]) {
      const res = await set(priya.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect((await read(priya.token)).json()).toEqual({ language: 'vi' });
  });

  it('refuses a caller without a full session', async () => {
    const none = await set(undefined, { language: 'es' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
    const onboarding = await onboardingTokenFor(t.app, priya.id);
    expect((await set(onboarding, { language: 'es' })).statusCode).toBe(401);
  });
});
