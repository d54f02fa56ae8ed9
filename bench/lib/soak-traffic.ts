/**
 * What the soak's students do: the reads a dashboard and the pages below it make, weighted by how
 * often a student makes them, plus sends and uploads at rates under their limits.
 */
import { API_PATHS, apiPath } from '../../src/shared/api-paths.js';
import { DEMO_PERSONAS } from '../../src/shared/auth.js';
import { ZDocumentSchema } from '../../src/shared/documents.js';
import { UNIVERSITY_OFFICES } from '../../src/shared/messages.js';
import { BROWSER_ACCEPT_ENCODING } from './browser-headers.js';
import { demoLogin } from './demo-login.js';
import type { Call } from './open-loop-load.js';
import type { UploadForm } from './pdf-form.js';

/**
 * Each persona signed in twice: eight sessions of eight students, since each demo login is a
 * student of its own (a copy of the persona).
 */
const LOGINS_PER_PERSONA = 2;

export interface SoakStudent {
  persona: string;
  token: string;
}

export async function signInStudents(origin: string): Promise<SoakStudent[]> {
  const students: SoakStudent[] = [];
  for (const persona of DEMO_PERSONAS) {
    for (let login = 0; login < LOGINS_PER_PERSONA; login += 1)
      students.push({ persona, token: await demoLogin(origin, persona) });
  }
  return students;
}

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The steady mix; weights are relative counts. */
function readsOf(token: string, waitTimesEtag: string): [number, Call][] {
  const get = (kind: string, path: string): Call => ({
    kind,
    method: 'GET',
    path,
    headers: bearer(token),
    expect: [200],
  });
  return [
    [
      20,
      {
        kind: 'POST /api/applicant-data',
        method: 'POST',
        path: API_PATHS.applicantData,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: '{}',
        expect: [200],
      },
    ],
    [15, get('GET /api/applications', API_PATHS.applications)],
    [15, get('GET /api/messages', API_PATHS.messages)],
    [
      10,
      {
        ...get('GET /api/visa-wait-times', API_PATHS.visaWaitTimes),
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      },
    ],
    [
      10,
      {
        kind: 'GET /api/visa-wait-times, revalidated',
        method: 'GET',
        path: API_PATHS.visaWaitTimes,
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, 'if-none-match': waitTimesEtag },
        expect: [304],
      },
    ],
    [10, get('GET /api/user/profile', API_PATHS.userProfile)],
    [8, get('GET /api/profile', API_PATHS.profile)],
    [6, get('GET /api/documents', API_PATHS.documents)],
    [6, get('GET /api/roadmap', API_PATHS.roadmap)],
  ];
}

function weightedPick<T>(entries: readonly [number, T][]): T {
  const total = entries.reduce((sum, [weight]) => sum + weight, 0);
  let draw = Math.random() * total;
  for (const [weight, item] of entries) {
    draw -= weight;
    if (draw < 0) return item;
  }
  const last = entries.at(-1);
  if (!last) throw new Error('nothing to pick from');
  return last[1];
}

/** The next read of the mix, by a random student. */
export function readMix(students: readonly SoakStudent[], waitTimesEtag: string): () => Call {
  const mixes = students.map((student) => readsOf(student.token, waitTimesEtag));
  return () => weightedPick(pick(mixes));
}

/** A short message to one of the offices. */
export function sendCall(token: string, count: number): Call {
  return {
    kind: 'POST /api/messages (send)',
    method: 'POST',
    path: API_PATHS.messages,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({
      to: UNIVERSITY_OFFICES[count % UNIVERSITY_OFFICES.length],
      subject: `Soak message ${count}`,
      content: 'Checking on my application status, thank you.',
    }),
    expect: [201],
  };
}

/** Uploads a document, then deletes it, so a student never nears the documents cap. */
export async function uploadAndDelete(
  token: string,
  form: UploadForm,
  record: (call: Call, dueAt: number) => Promise<string | null>,
): Promise<void> {
  const uploaded = await record(
    {
      kind: 'POST /api/documents (upload)',
      method: 'POST',
      path: API_PATHS.documents,
      headers: { ...bearer(token), 'content-type': form.contentType },
      body: form.body,
      expect: [201],
    },
    performance.now(),
  );
  if (uploaded === null) return;
  const { id } = ZDocumentSchema.parse(JSON.parse(uploaded));
  await record(
    {
      kind: 'DELETE /api/documents/:id',
      method: 'DELETE',
      path: apiPath(API_PATHS.document, { id }),
      headers: bearer(token),
      expect: [204],
    },
    performance.now(),
  );
}
