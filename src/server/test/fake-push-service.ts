import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TPushSubscriptionRequest } from '../../shared/push-subscriptions.js';

/** A push message the service took, decrypted with the browser's keys, and how it was sent. */
export interface ReceivedPush {
  endpoint: string;
  /** The plaintext the server encrypted (RFC 8291), parsed as JSON. */
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The VAPID token's claims, its signature checked against the key it names (RFC 8292). */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

export interface FakePushService {
  /**
   * A new browser's subscription here, as its `toJSON()` gives it: the endpoint and the public keys
   * to encrypt to (the private key stays with the service, which decrypts as the browser would).
   */
  subscribe(): TPushSubscriptionRequest;
  /** What arrived, in order. */
  received: ReceivedPush[];
  /** Answers every later push to this endpoint with `status` (410: the subscription is gone). */
  answer(endpoint: string, status: number): void;
  /** Resolves once `count` pushes arrived in all (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/**
 * A subscription the routes accept, at a push service no test reaches (nothing delivers in a test
 * that uses it): for the access-control matrices, whose cells only need a valid body.
 */
export const EXAMPLE_PUSH_SUBSCRIPTION: TPushSubscriptionRequest = {
  endpoint: 'https://push.example.com/send/matrix-subscription',
  expirationTime: null,
  keys: {
    p256dh:
      'BE75anZ8sZRcgIremnCkmXzC9M7ARenyw2cup8PrD2stQmSP-2Yczh80LRqDs2Nsbp2ijrz30-vTjhd8oBRnsec',
    auth: 'xD1H9s0kOiVZ6Jgbm8SYxw',
  },
};

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a Web Push message as the browser does (RFC 8291 over RFC 8188's aes128gcm): the
 * header's salt, record size and the server's one-off public key; ECDH with the browser's private
 * key; HKDF with the auth secret into the content key and nonce; AES-128-GCM; then the padding
 * delimiter (2, the last record) stripped.
 */
export function decryptPush(
  body: Buffer,
  browser: { privateKey: Buffer; publicKey: Buffer; auth: Buffer },
): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const sharedSecret = ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.publicKey,
    serverPublicKey,
  ]);
  const ikm = hkdf(sharedSecret, browser.auth, keyInfo, 32);
  const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  const delimiter = padded.lastIndexOf(2);
  if (delimiter < 0 || padded.subarray(delimiter + 1).some((b) => b !== 0)) {
    throw new Error('the record has no last-record padding delimiter');
  }
  return padded.subarray(0, delimiter);
}

/** The VAPID header's token, its ES256 signature checked with the public key `k` it carries. */
function readVapid(authorization: string | undefined): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [token, k] = [match[1], match[2]];
  const [header = '', claims = '', signature = ''] = token.split('.');
  const raw = Buffer.from(k, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID token is not signed by its key');
  const { aud, sub, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    sub: string;
    exp: number;
  };
  return { aud, sub, exp, publicKey: k };
}

/**
 * A push service on loopback, the third party of web push faked at its HTTP protocol: it hands
 * out subscriptions as a browser's push manager would (an endpoint here, the browser's keys kept
 * on this side), takes the server's POSTs, checks their VAPID signature and decrypts them with
 * those keys, and answers 201, or what the test asked for an endpoint (404/410: gone).
 */
export async function startFakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const browser = browsers.get(endpoint);
      const body = await readBody(request);
      if (!browser || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      const status = answers.get(endpoint) ?? 201;
      if (status === 201) {
        received.push({
          endpoint,
          payload: JSON.parse(decryptPush(body, browser).toString('utf8')) as unknown,
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
          vapid: readVapid(request.headers.authorization),
        });
      }
      response.writeHead(status).end();
    })().catch((error: unknown) => {
      response.writeHead(400).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, { privateKey: ecdh.getPrivateKey(), publicKey, auth });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(endpoint, status) {
      answers.set(endpoint, status);
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`the push service received ${received.length} of ${count} pushes`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
