import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Veriff's X-HMAC-SIGNATURE: the lowercase hex HMAC-SHA256 of the exact bytes sent (a request or
 * webhook body, or the session id of a GET) keyed with the integration's shared secret.
 */
export function signVeriffPayload(sharedSecret: string, payload: Buffer | string): string {
  return createHmac('sha256', sharedSecret).update(payload).digest('hex');
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/**
 * True only for the signature of exactly these bytes. Veriff signs the raw body, so callers pass
 * the bytes as received, never re-serialised JSON. Anything but 64 hex characters (a missing
 * header, a repeated header, the legacy `sha256=`-prefixed or X-SIGNATURE style) is refused
 * before comparing, and the comparison itself takes the same time wherever the values differ.
 */
export function hasValidVeriffSignature(
  sharedSecret: string,
  payload: Buffer | string,
  signature: string | string[] | undefined,
): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = Buffer.from(signVeriffPayload(sharedSecret, payload), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
