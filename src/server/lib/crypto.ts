import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Independent keys come from DATA_KEY (HKDF), so a keyed hash used for lookups can never be
 * confused with, or help to break, the encryption of stored personal fields.
 */
export interface DataKeys {
  lookupKey: Buffer;
  fieldKey: Buffer;
  /** Signs links that act without a session (an e-mail's one-click unsubscribe). */
  linkKey: Buffer;
}

export function deriveDataKeys(dataKey: Buffer): DataKeys {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), info, 32));
  return {
    lookupKey: derive('student-portal/lookup-hash'),
    fieldKey: derive('student-portal/field-encryption'),
    linkKey: derive('student-portal/signed-links'),
  };
}

/** Keyed hash for values that are looked up by equality but must not be stored in the clear. */
export function lookupHash(keys: DataKeys, value: string): string {
  return createHmac('sha256', keys.lookupKey).update(value).digest('base64url');
}

/** Two keyed hashes compared in constant time, so the time taken tells nothing of where they differ. */
export function sameLookupHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Invite codes are read off paper and typed on phones: ignore case, spaces and dashes. */
export function normaliseInviteCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

const IV_BYTES = 12;

/** AES-256-GCM; the result is `iv.tag.ciphertext` in base64url. */
export function encryptField(keys: DataKeys, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.fieldKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
}

export function decryptField(keys: DataKeys, sealed: string): string {
  const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('Malformed encrypted field');
  const decipher = createDecipheriv('aes-256-gcm', keys.fieldKey, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
