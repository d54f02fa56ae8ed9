import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasValidVeriffSignature, signVeriffPayload } from './hmac.js';

const secret = 'shared-secret-of-the-integration';
// Spacing and key order as sent: a parse and re-serialise would change these bytes.
const body = Buffer.from('{"status":"success", "verification":{"id":"abc","status":"approved"}}');
const valid = createHmac('sha256', secret).update(body).digest('hex');

describe('Veriff HMAC signatures', () => {
  it('signs as Veriff does: the lowercase hex HMAC-SHA256 of the exact bytes', () => {
    expect(signVeriffPayload(secret, body)).toBe(valid);
    expect(signVeriffPayload(secret, 'f04bdb47-d3be-4b28-b028-a652feb060b5')).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });

  it('accepts the signature of exactly these bytes, in either hex case', () => {
    expect(hasValidVeriffSignature(secret, body, valid)).toBe(true);
    expect(hasValidVeriffSignature(secret, body, valid.toUpperCase())).toBe(true);
  });

  it('refuses the bytes re-serialised, a changed byte, and another secret', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))));
    expect(reserialised.equals(body)).toBe(false);
    expect(hasValidVeriffSignature(secret, reserialised, valid)).toBe(false);
    const changed = Buffer.from(body);
    changed[changed.length - 3] = 'X'.charCodeAt(0);
    expect(hasValidVeriffSignature(secret, changed, valid)).toBe(false);
    expect(hasValidVeriffSignature('another-secret', body, valid)).toBe(false);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['a repeated header', [valid, valid]],
    ['a sha256= prefixed value', `sha256=${valid}`],
    [
      'the legacy X-SIGNATURE style (SHA-256 of payload and secret)',
      createHash('sha256')
        .update(`${body.toString('utf8')}${secret}`)
        .digest('hex'),
    ],
    ['a truncated signature', valid.slice(0, 63)],
    ['a longer signature', `${valid}00`],
    ['base64 of the right digest', Buffer.from(valid, 'hex').toString('base64')],
  ])('refuses %s', (_name, signature) => {
    expect(hasValidVeriffSignature(secret, body, signature)).toBe(false);
  });
});
