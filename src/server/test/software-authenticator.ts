import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey authenticator in software, for API tests: it answers WebAuthn options the way a
 * browser with a platform authenticator would (ES256 keys, "none" attestation), so the server's
 * real verification runs against real signatures. Knobs let a test misbehave on purpose.
 */

type Cbor = number | string | Buffer | Map<Cbor, Cbor> | Record<string, never>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const head = Buffer.alloc(3);
  head[0] = (major << 5) | 25;
  head.writeUInt16BE(length, 1);
  return head;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  if (value instanceof Map) {
    const parts = [...value].flatMap(([k, v]) => [cbor(k), cbor(v)]);
    return Buffer.concat([cborHead(5, value.size), ...parts]);
  }
  return cborHead(5, 0);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface StoredKey {
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

export interface AuthenticatorOptions {
  origin: string;
  rpId: string;
  /** false: the authenticator reports no user verification (a device without a PIN or biometrics). */
  userVerification?: boolean;
}

const b64u = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest();

export class SoftwareAuthenticator {
  readonly keys = new Map<string, StoredKey>();
  constructor(private readonly options: AuthenticatorOptions) {}

  private flags(extra = 0): number {
    return (
      FLAG_USER_PRESENT | (this.options.userVerification === false ? 0 : FLAG_USER_VERIFIED) | extra
    );
  }

  private clientData(type: string, challenge: string, origin = this.options.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  register(
    options: { challenge: string; user: { id: string } },
    overrides: { origin?: string; credentialId?: string } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const credentialId = overrides.credentialId
      ? Buffer.from(overrides.credentialId, 'base64url')
      : randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(this.options.rpId),
      Buffer.from([this.flags(FLAG_ATTESTED_DATA)]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credentialId,
      cbor(coseKey),
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', {}],
        ['authData', authData],
      ]),
    );
    const id = b64u(credentialId);
    this.keys.set(id, { privateKey, counter: 0, userHandle: options.user.id });
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(
          this.clientData('webauthn.create', options.challenge, overrides.origin),
        ),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** Signs a sign-in challenge; `counter` forces the signature counter (to test a regression). */
  authenticate(
    options: { challenge: string },
    credentialId: string,
    overrides: { counter?: number } = {},
  ) {
    const key = this.keys.get(credentialId);
    if (!key) throw new Error(`no such credential ${credentialId}`);
    key.counter = overrides.counter ?? key.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(key.counter);
    const authData = Buffer.concat([
      sha256(this.options.rpId),
      Buffer.from([this.flags()]),
      counter,
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      key.privateKey,
    );
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: key.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
