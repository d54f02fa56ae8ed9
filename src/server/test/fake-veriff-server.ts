import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Veriff's API on loopback, written from Veriff's documentation and independent of
 * the app's adapter: it checks X-AUTH-CLIENT and X-HMAC-SIGNATURE as Veriff does, creates sessions
 * (POST /v1/sessions), answers decisions (GET /v1/sessions/{id}/decision), and signs webhook
 * deliveries as Veriff signs them.
 */

export interface FakeVeriffSession {
  id: string;
  vendorData: string | null;
  callback: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface DecisionInput {
  sessionId: string;
  vendorData: string | null;
  status: string;
  /** Veriff's numeric decision code; the app must not act on it. */
  code?: number;
  reasonCode?: number | null;
  reason?: string | null;
  decisionTime: string;
  documentNumber?: string | null;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
}

export interface SignedDelivery {
  payload: string;
  headers: Record<string, string>;
}

export interface FakeVeriff {
  baseUrl: string;
  apiKey: string;
  sharedSecret: string;
  sessions: Map<string, FakeVeriffSession>;
  /** Calls refused for a missing or wrong key or signature. */
  refusedCalls: number;
  decisionPolls: number;
  /** Makes the next session creations fail with this HTTP status. */
  failSessionsWith: number | null;
  setDecision(sessionId: string, decision: DecisionInput | null): void;
  /** A decision webhook delivery as Veriff sends it. */
  decisionWebhook(decision: DecisionInput): SignedDelivery;
  /** An event webhook delivery (started, submitted) as Veriff sends it. */
  eventWebhook(event: {
    sessionId: string;
    vendorData: string | null;
    action: string;
  }): SignedDelivery;
  close(): Promise<void>;
}

const STATUS_CODES: Record<string, number> = {
  approved: 9001,
  declined: 9102,
  resubmission_requested: 9103,
  expired: 9104,
  abandoned: 9121,
};

/** A decision body shaped like Veriff's decision webhook (and its decision endpoint). */
export function veriffDecisionBody(d: DecisionInput): object {
  return {
    status: 'success',
    verification: {
      id: d.sessionId,
      attemptId: randomUUID(),
      vendorData: d.vendorData,
      endUserId: null,
      status: d.status,
      code: d.code ?? STATUS_CODES[d.status] ?? 9102,
      reason: d.reason ?? null,
      reasonCode: d.reasonCode ?? null,
      decisionTime: d.decisionTime,
      acceptanceTime: '2026-07-01T09:00:00.000Z',
      person: {
        firstName: d.firstName ?? 'AMARA',
        lastName: d.lastName ?? 'OKAFOR',
        dateOfBirth: d.dateOfBirth ?? '2000-01-15',
        idNumber: null,
        gender: null,
        nationality: 'NG',
      },
      document: {
        number: d.documentNumber ?? null,
        type: 'PASSPORT',
        country: 'NG',
        validFrom: null,
        validUntil: '2031-01-01',
      },
      comments: [],
      additionalVerifiedData: {},
      riskLabels: [],
    },
    technicalData: { ip: '192.0.2.10' },
  };
}

const sign = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Veriff's legacy X-SIGNATURE: a plain SHA-256 of the payload followed by the secret. */
export function legacyVeriffSignature(secret: string, payload: string): string {
  return createHash('sha256')
    .update(payload + secret)
    .digest('hex');
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface FakeResponse {
  status: number;
  body: object;
}

const fail = (status: number, code: number): FakeResponse => ({
  status,
  body: { status: 'fail', code },
});

export async function startFakeVeriff(
  apiKey = 'fake-veriff-api-key',
  sharedSecret = 'fake-veriff-shared-secret',
): Promise<FakeVeriff> {
  const decisions = new Map<string, DecisionInput | null>();
  const fake: FakeVeriff = {
    baseUrl: '',
    apiKey,
    sharedSecret,
    sessions: new Map(),
    refusedCalls: 0,
    decisionPolls: 0,
    failSessionsWith: null,
    setDecision: (sessionId, decision) => decisions.set(sessionId, decision),
    decisionWebhook(decision) {
      const payload = JSON.stringify(veriffDecisionBody(decision));
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'x-auth-client': apiKey,
          'x-hmac-signature': sign(sharedSecret, payload),
        },
      };
    },
    eventWebhook({ sessionId, vendorData, action }) {
      const payload = JSON.stringify({
        id: sessionId,
        attemptId: randomUUID(),
        feature: 'selfid',
        code: action === 'started' ? 7001 : 7002,
        action,
        vendorData,
        endUserId: null,
      });
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'x-auth-client': apiKey,
          'x-hmac-signature': sign(sharedSecret, payload),
        },
      };
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };

  /** Veriff's answer to one API call, checked the way Veriff checks it. */
  function answer(
    method: string,
    path: string,
    headers: IncomingMessage['headers'],
    body: Buffer,
  ): FakeResponse {
    const signature = headers['x-hmac-signature'];
    if (headers['x-auth-client'] !== apiKey) {
      fake.refusedCalls += 1;
      return fail(401, 1102);
    }
    if (method === 'POST' && path === '/v1/sessions') {
      if (signature !== sign(sharedSecret, body)) {
        fake.refusedCalls += 1;
        return fail(401, 1102);
      }
      if (fake.failSessionsWith !== null) return fail(fake.failSessionsWith, 1001);
      return createSession(body);
    }
    const decisionPath = /^\/v1\/sessions\/([^/]+)\/decision$/.exec(path);
    if (method === 'GET' && decisionPath?.[1]) {
      const id = decodeURIComponent(decisionPath[1]);
      if (signature !== sign(sharedSecret, id)) {
        fake.refusedCalls += 1;
        return fail(401, 1102);
      }
      fake.decisionPolls += 1;
      if (!fake.sessions.has(id)) return fail(404, 1404);
      const stored = decisions.get(id) ?? null;
      return {
        status: 200,
        body:
          stored === null
            ? { status: 'success', verification: null, technicalData: { ip: null } }
            : veriffDecisionBody(stored),
      };
    }
    return fail(404, 1404);
  }

  function createSession(body: Buffer): FakeResponse {
    const request = JSON.parse(body.toString('utf8')) as {
      verification?: {
        callback?: string;
        vendorData?: string;
        person?: { firstName?: string; lastName?: string };
      };
    };
    const id = randomUUID();
    const v = request.verification ?? {};
    fake.sessions.set(id, {
      id,
      vendorData: v.vendorData ?? null,
      callback: v.callback ?? null,
      firstName: v.person?.firstName ?? null,
      lastName: v.person?.lastName ?? null,
    });
    return {
      status: 201,
      body: {
        status: 'success',
        verification: {
          id,
          url: `https://alchemy.veriff.com/v/${id}`,
          vendorData: v.vendorData ?? null,
          host: 'https://alchemy.veriff.com',
          status: 'created',
          sessionToken: 'not-a-real-token',
        },
      },
    };
  }

  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = new URL(req.url ?? '/', 'http://fake-veriff').pathname;
      const { status, body: answerBody } = answer(req.method ?? 'GET', path, req.headers, body);
      // Veriff signs its answers too.
      const text = JSON.stringify(answerBody);
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-hmac-signature': sign(sharedSecret, text),
      });
      res.end(text);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
