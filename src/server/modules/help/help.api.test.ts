import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import type { TDemoPersona } from '../../../shared/auth.js';
import {
  ZAgencyDetailsResponseSchema,
  ZUniversityDetailsResponseSchema,
} from '../../../shared/help.js';
import { schools, students } from '../../db/schema.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { NOT_VERIFIED, UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';

describe.each(testDatabaseKinds())('help details on $name', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<TDemoPersona, string>;
  const ids = {} as Record<TDemoPersona, string>;

  const post = (url: string, token: string | undefined, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const universityOf = async (persona: TDemoPersona) => {
    const res = await post(API_PATHS.universityDetails, tokens[persona], {});
    expect(res.statusCode).toBe(200);
    return ZUniversityDetailsResponseSchema.strict().parse(res.json());
  };
  const agencyOf = async (persona: TDemoPersona) => {
    const res = await post(API_PATHS.agencyDetails, tokens[persona], {});
    expect(res.statusCode).toBe(200);
    return ZAgencyDetailsResponseSchema.strict().parse(res.json());
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const persona of ['moi-required', 'all-done', 'sevis-due'] as const) {
      const { id, token } = await signIn(t.app, persona);
      tokens[persona] = token;
      ids[persona] = id;
    }
  });
  afterAll(() => t.close());

  it("answers the student's school under the spec's keys, links with https", async () => {
    expect(await universityOf('moi-required')).toEqual({
      school: {
        Name: 'Lakeshore State University',
        Logo: null,
        'Institution Type': 'Public',
        'Institution Size': 'Large (15,000+ students)',
        'Phone Number': '+1 312 555 0142',
        inbound_email_address: 'admissions@lakeshore-state.example.edu',
        whatsapp_number: '+1 312 555 0143',
        'Address Line 1': '1200 Lakeshore Drive',
        'City Location': 'Chicago',
        State: 'IL',
        'ZIP Code': '60601',
        Country: 'United States',
        Facebook: 'https://facebook.com/lakeshorestate.example',
        Instagram: 'https://instagram.com/lakeshorestate.example',
        Twitter: 'https://x.com/lakeshorestate.example',
        Website: 'https://www.lakeshore-state.example.edu',
        Mission: expect.stringContaining('Lakeshore State University educates') as unknown,
      },
    });
  });

  it("answers each student's own school", async () => {
    expect((await universityOf('all-done')).school).toMatchObject({
      Name: 'Pacific Crest College',
      whatsapp_number: null,
      Mission: null,
    });
  });

  it('answers no school for a student whose record names none', async () => {
    await t.app.db
      .update(students)
      .set({ schoolId: null })
      .where(eq(students.id, ids['sevis-due']));
    expect(await universityOf('sevis-due')).toEqual({ school: null });
  });

  it('answers a script link stored for a school as no link', async () => {
    await t.app.db
      .update(schools)
      .set({ facebook: 'javascript:alert(1)' })
      .where(eq(schools.name, 'Pacific Crest College'));
    expect((await universityOf('all-done')).school?.Facebook).toBeNull();
  });

  it('answers the agency and agent of a student who came through one', async () => {
    expect(await agencyOf('moi-required')).toEqual({
      agency: {
        'Company Name': 'Bright Horizons Education Consultants',
        Logo: null,
        'Phone Number': '+91 22 5550 1234',
        'Public Email': 'hello@brighthorizons.example.com',
        City: 'Mumbai',
        State: 'Maharashtra',
        Country: 'India',
        'Business Services': [
          'University admissions',
          'Visa guidance',
          'Pre-departure orientation',
        ],
        Facebook: null,
        Instagram: null,
        Twitter: null,
        Website: 'https://brighthorizons.example.com',
      },
      agent: { 'First Name': 'Rahul', 'Last Name': 'Mehta', 'phone number': '+91 98200 55501' },
    });
  });

  it('answers no agency and no agent for a student who enrolled directly', async () => {
    expect(await agencyOf('all-done')).toEqual({ agency: null, agent: null });
  });

  it('takes no body, as the spec posts none', async () => {
    for (const url of [API_PATHS.universityDetails, API_PATHS.agencyDetails]) {
      expect((await post(url, tokens['moi-required'])).statusCode).toBe(200);
    }
  });

  it.each([API_PATHS.universityDetails, API_PATHS.agencyDetails])(
    '%s refuses a body naming another student, rather than ignoring it',
    async (url) => {
      const res = await post(url, tokens['moi-required'], { studentId: ids['all-done'] });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('studentId');
    },
  );

  it.each([API_PATHS.universityDetails, API_PATHS.agencyDetails])(
    '%s needs a token of a full session of a verified student',
    async (url) => {
      const onboarding = await onboardingTokenFor(t.app, ids['moi-required']);
      for (const token of [undefined, 'not-a-token', onboarding]) {
        const res = await post(url, token, {});
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      }
      const unverified = eq(students.id, ids['moi-required']);
      await t.app.db.update(students).set({ faceVerified: false }).where(unverified);
      try {
        const res = await post(url, tokens['moi-required'], {});
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: NOT_VERIFIED });
      } finally {
        await t.app.db.update(students).set({ faceVerified: true }).where(unverified);
      }
    },
  );
});
