import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { eq } from 'drizzle-orm';
import { students } from '../db/schema.js';
import {
  apiOperations,
  pathParameterNames,
  type ApiOperation,
  type JsonSchema,
} from '../test/api-operations.js';
import { onboardingTokenFor } from '../test/onboarding-token.js';
import { startStaffSession } from '../modules/staff-auth/staff-sessions.js';
import { signInAsStaff } from '../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';

/**
 * Property-based fuzzing of every route of the OpenAPI document (OWASP ASVS 5.0 level 2):
 * - V1.2.4 (database queries parameterised): SQL metacharacters reach every string field and
 *   nothing breaks;
 * - V2.2.1 / V2.2.2 (input validated at the server against its expectations): wrong types,
 *   unknown fields, huge strings, deep nesting and oversized bodies get a 4xx, never a 5xx;
 * - V15.3 (prototype pollution; named by section): `__proto__` / `constructor` keys are refused
 *   and Object.prototype stays clean;
 * - V16.5.1 (a generic message on errors): every refusal is the spec's `{ message }`;
 * - V14 (data protection; named by chapter): no answer echoes a personal value it was sent.
 * Each case is one request; the count is printed at the end of the run.
 */

/** 150 a route: about 5,500 requests in about 12 s on PGlite on this 2-core machine. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 150);

/** Personal values sent in requests: an answer must never carry them back. */
const CANARIES = ['QZ9917035', '1987-02-19', 'canary-5c1e-medical'] as const;

/** 2xx answers that are the caller's own stored record, which may hold what they just sent. */
const ECHOES_OWN_RECORD = new Set(['PUT /api/profile', 'POST /api/messages']);

/**
 * Staff answers that show stored records, which may hold what the fuzzed requests stored before
 * (a student's profile, a new account's name), or the record a staff write just stored (a new
 * student, a note, a reply, a saved reply, the rows of an uploaded file): staff are meant to
 * read them.
 */
const SHOWS_STORED_RECORDS = new RegExp(
  [
    '^GET /api/staff/',
    '^POST /api/staff/(team|students|students/import(/preview)?|saved-replies)$',
    '^POST /api/staff/students/\\{id\\}/(reveal|notes|messages/\\{messageId\\}/replies)$',
    '^PUT /api/staff/saved-replies/\\{id\\}$',
  ].join('|'),
);

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

const canary = fc.constantFrom(...CANARIES);

/** Strings a hostile client sends: SQL, markup, traversal, control and odd Unicode, canaries. */
const hostileString = fc.oneof(
  canary,
  canary.map((c) => `' OR '1'='1'; DROP TABLE students; -- ${c}`),
  canary.map((c) => `${c}"; SELECT pg_sleep(1); --`),
  fc.constantFrom(
    "'",
    '"',
    '\\',
    '%',
    '_',
    '$1',
    '; --',
    '/*',
    "' UNION SELECT passport_number_hash FROM students --",
    '1; UPDATE students SET face_verified = true; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '\u0000',
    '\u202e\u0000\ud800',
    '${jndi:ldap://x}',
    '{{7*7}}',
    'NaN',
    '-1',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
    ' ',
    '',
  ),
  fc.string({ maxLength: 60 }),
  fc.integer({ min: 1000, max: 60_000 }).map((n) => 'A'.repeat(n)),
);

/** Values of the wrong type for any field. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(printable, fc.integer(), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value for a schema: often well-formed (so handlers run on hostile strings), often not. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.oneof(hostileString, wrongType);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0)
    return fc.oneof(...variants.map((variant) => valueFor(variant, depth + 1)));
  if (schema.enum && schema.enum.length > 0)
    return fc.oneof(fc.constantFrom(...schema.enum), hostileString, wrongType);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const entries = Object.entries(schema.properties ?? {});
    const shaped = fc.record(
      Object.fromEntries(entries.map(([name, property]) => [name, valueFor(property, depth + 1)])),
      { requiredKeys: [] },
    );
    return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: wrongType });
  }
  if (type === 'array')
    return fc.oneof(fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 }), wrongType);
  if (type === 'integer' || type === 'number')
    return fc.oneof(
      fc.integer({ min: 1, max: 50 }),
      fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1.5, Number.MAX_VALUE),
      hostileString,
      wrongType,
    );
  if (type === 'boolean') return fc.oneof(fc.boolean(), hostileString, wrongType);
  return fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: wrongType });
}

const POLLUTION = [
  '"__proto__":{"polluted":"yes","isAdmin":true}',
  '"constructor":{"prototype":{"polluted":"yes"}}',
  '"prototype":{"polluted":"yes"}',
];

/** Nested arrays or objects, with a pollution key at the bottom. */
const deepNesting = fc
  .tuple(fc.constantFrom(10, 500, 5_000, 30_000), fc.boolean())
  .map(([depth, objects]) =>
    objects
      ? `${'{"a":'.repeat(depth)}{${POLLUTION[1]}}${'}'.repeat(depth)}`
      : `${'['.repeat(depth)}{${POLLUTION[0]}}${']'.repeat(depth)}`,
  );

interface Body {
  payload?: string;
  contentType?: string;
}

function bodyFor(op: ApiOperation): fc.Arbitrary<Body> {
  const json = (text: string): Body => ({ payload: text, contentType: 'application/json' });
  // JSON.stringify answers undefined for undefined, though its type says string.
  const toJson = (value: unknown) => (JSON.stringify(value) as string | undefined) ?? 'null';
  return fc.oneof(
    {
      weight: 6,
      arbitrary: valueFor(op.jsonBody).map((value) => json(toJson(value))),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valueFor(op.jsonBody), fc.constantFrom(...POLLUTION))
        .map(([value, pollution]) => {
          const text = toJson(value);
          // Pollution keys spliced into the object as raw JSON: JSON.stringify would drop __proto__.
          return json(
            text.startsWith('{')
              ? `{${pollution}${text.length > 2 ? ',' : ''}${text.slice(1)}`
              : `{${pollution}}`,
          );
        }),
    },
    { weight: 1, arbitrary: deepNesting.map(json) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map(json) },
    // Over the 100 KB JSON limit (and over nothing else): a 413, not a crash.
    {
      weight: 1,
      arbitrary: canary.map((c) =>
        json(JSON.stringify({ passportNumber: c, pad: 'x'.repeat(150 * 1024) })),
      ),
    },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=xyz',
            'multipart/form-data',
            'application/json; charset=utf-16',
            'application/xml',
            '',
          ),
          fc.oneof(printable, hostileString),
        )
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
  );
}

/** Hostile path segments (ids, uuids), already encoded; some are not valid percent-encoding. */
const hostileSegment = fc.oneof(
  fc.constantFrom('1', '0', '-1', '2147483648', '99999999999999999999', '1e3', '0x10', 'null'),
  fc.uuid(),
  // Raw: a bad escape, an encoded lone surrogate, an encoded NUL, traversal.
  fc.constantFrom('%', '%zz', '%ED%A0%80', '%00', '..%2F..%2Fetc%2Fpasswd', '%2e%2e'),
  // Encoded (lone surrogates made well-formed first, as a browser would), up to 500 characters.
  hostileString.map((s) =>
    encodeURIComponent(s.slice(0, 500).replace(/[\ud800-\udfff]/g, '\ufffd')),
  ),
);

function urlFor(op: ApiOperation): fc.Arbitrary<string> {
  const params = pathParameterNames(op.path);
  const queryNames = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  return fc
    .tuple(
      fc.tuple(...params.map(() => hostileSegment)),
      fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              ...queryNames,
              '__proto__',
              '__proto__[polluted]',
              'constructor[prototype][polluted]',
              'a[b][c]',
            ),
            printable,
          ),
          fc.oneof(
            hostileString.map((s) => s.slice(0, 2000)),
            fc.integer().map(String),
          ),
        ),
        { maxLength: 4 },
      ),
    )
    .map(([segments, query]) => {
      let index = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => segments[index++] ?? '');
      const search = new URLSearchParams(query).toString();
      return search ? `${path}?${search}` : path;
    });
}

describe.each(testDatabaseKinds())('fuzzing every route on $name (ASVS V1, V2, V16)', (kind) => {
  let t: TestApp;
  let operations: ApiOperation[] = [];
  let priya = '';
  let amaraOnboarding = '';
  let adminId = '';
  let cases = 0;

  beforeAll(async () => {
    // Behind a trusted proxy, so hostile X-Forwarded-For headers are parsed, not ignored.
    t = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    operations = await apiOperations(t.app);
    const [row] = await t.app.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.firstName, 'Priya'));
    const [amara] = await t.app.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.firstName, 'Amara'));
    priya = row?.id ?? '';
    amaraOnboarding = await onboardingTokenFor(t.app, amara?.id ?? '');
    adminId = (await signInAsStaff(t.app, 'admin')).staff.id;
  });
  afterAll(async () => {
    await t.close();
    console.info(`fuzz: ${cases} requests over ${operations.length} routes on ${kind.name}`);
  });

  /** Real sessions most of the time, so the handlers behind the session checks are fuzzed too. */
  const authorization = fc.oneof(
    { weight: 4, arbitrary: fc.constant('student') },
    { weight: 1, arbitrary: fc.constant('onboarding') },
    { weight: 2, arbitrary: fc.constant('staff') },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: printable.map((s) => `Bearer ${s}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Basic YTpi',
        'Bearer a.b.c',
        `Bearer ${'A'.repeat(8000)}`,
      ),
    },
  );

  const headers = fc.record(
    {
      'x-forwarded-for': fc.oneof(
        printable,
        fc.constantFrom('1.2.3.4, 5.6.7.8', '::1', 'unknown', '999.999.999.999'),
      ),
      cookie: fc.oneof(
        printable.map((s) => `onboarding_proof=${s}`),
        printable,
      ),
      accept: fc.constantFrom('*/*', 'text/html', 'application/xml', 'application/json;q=0'),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*', 'x'),
      'x-hmac-signature': printable,
      'x-auth-client': printable,
      'x-anything': printable,
    },
    { requiredKeys: [] },
  );

  it.each([
    ['an over-long path parameter', `/api/veriff/status/${CANARIES[0]}${'9'.repeat(200)}`, 414],
    ['a bad percent-escape', `/api/veriff/status/${CANARIES[0]}%zz`, 400],
  ])(
    "answers %s in the error format, with the security headers, echoing nothing (the router's own refusal)",
    async (_name, url, status) => {
      // Found by the property below: Fastify's default answer echoed the path, outside { message }.
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message: 'This address is not valid.' });
      expect(res.body).not.toContain(CANARIES[0]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('never answers a 5xx, echoes a canary, or pollutes Object.prototype', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(37);
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(
          urlFor(op),
          bodyFor(op),
          authorization,
          headers,
          async (url, body, auth, extra) => {
            cases += 1;
            const token =
              auth === 'student'
                ? `Bearer ${await t.app.sessionTokens.issue(priya, 'student')}`
                : auth === 'onboarding'
                  ? `Bearer ${amaraOnboarding}`
                  : auth === 'staff'
                    ? undefined
                    : auth;
            // A fresh administrator's session each time: a fuzzed sign-out must not end the next.
            const staffSession =
              auth === 'staff'
                ? {
                    cookie: `${t.app.staffCookie.name}=${await startStaffSession(t.app.db, adminId)}`,
                    origin: t.app.config.publicOrigin,
                  }
                : {};
            const res = await t.app.inject({
              method: op.method,
              url,
              payload: op.method === 'GET' ? undefined : body.payload,
              headers: {
                ...extra,
                ...(body.contentType !== undefined && op.method !== 'GET'
                  ? { 'content-type': body.contentType }
                  : {}),
                ...(token ? { authorization: token } : {}),
                ...staffSession,
              },
            });
            const where = `${op.key} ${url.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              // The spec's error format: JSON with a message, whatever went wrong.
              expect(res.json<{ message: unknown }>(), where).toEqual({
                message: expect.any(String) as unknown,
              });
            }
            const showsStored = ECHOES_OWN_RECORD.has(op.key) || SHOWS_STORED_RECORDS.test(op.key);
            if (!(res.statusCode < 300 && showsStored)) {
              for (const value of CANARIES) expect(res.body, where).not.toContain(value);
            }
            expect(Object.keys(Object.prototype), 'Object.prototype was polluted').toEqual([]);
            expect(
              ({} as Record<string, unknown>).polluted,
              'Object.prototype was polluted',
            ).toBeUndefined();
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    // The app is still up and answering after everything above.
    const config = await t.app.inject({ method: 'GET', url: API_PATHS.publicConfig });
    expect(config.statusCode).toBe(200);
    expect(cases).toBe(operations.length * RUNS_PER_ROUTE);
  }, 300_000);
});
