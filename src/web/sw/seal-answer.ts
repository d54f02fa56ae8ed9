/**
 * A student's kept answers are sealed (AES-256-GCM) under a key derived (HKDF-SHA-256) from the
 * session token that fetched them (decision 007). The token lives only in the tab's
 * sessionStorage and in the requests the tab sends, and the key is never stored: once the tab is
 * closed, what is left in Cache Storage opens for no page of the origin and for nobody reading the
 * browser's files.
 */

const encoder = new TextEncoder();
/** Names what the key is for, so the same token never yields this key for anything else. */
const KEY_PURPOSE = encoder.encode('portal offline reads: kept answer, v1');
const IV_BYTES = 12;

/** The key of one session's kept answers, from its Authorization header. Not extractable. */
export async function answerKeyFor(authorization: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    encoder.encode(authorization),
    'HKDF',
    false,
    ['deriveKey'],
  );
  // The token is a signed JWT, secret and random enough to need no salt.
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(), info: KEY_PURPOSE },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/**
 * Seals an answer's body: a fresh IV, then the ciphertext. The URL is bound in (additional data),
 * so a sealed answer moved under another URL does not open.
 */
export async function sealAnswer(
  key: CryptoKey,
  url: string,
  plain: BufferSource,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(url) },
    key,
    plain,
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return out;
}

/** The body sealed for `url`; null under any other key or URL, or when it was altered. */
export async function openAnswer(
  key: CryptoKey,
  url: string,
  sealed: ArrayBuffer,
): Promise<ArrayBuffer | null> {
  if (sealed.byteLength <= IV_BYTES) return null;
  try {
    return await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: sealed.slice(0, IV_BYTES),
        additionalData: encoder.encode(url),
      },
      key,
      sealed.slice(IV_BYTES),
    );
  } catch {
    return null;
  }
}
