import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptField,
  deriveDataKeys,
  encryptField,
  lookupHash,
  normaliseInviteCode,
} from './crypto.js';
import { normalisePassportNumber } from '../../shared/onboarding.js';

const keys = deriveDataKeys(randomBytes(32));

describe('personal field encryption', () => {
  it('round-trips and never repeats a ciphertext', () => {
    const a = encryptField(keys, 'X1234567');
    const b = encryptField(keys, 'X1234567');
    expect(a).not.toBe(b);
    expect(a).not.toContain('X1234567');
    expect(decryptField(keys, a)).toBe('X1234567');
  });

  it('refuses a tampered value and a value sealed under another key', () => {
    const sealed = encryptField(keys, 'asthma');
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptField(keys, [iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => decryptField(deriveDataKeys(randomBytes(32)), sealed)).toThrow();
  });
});

describe('lookup hashes', () => {
  it('match the same passport however it is typed', () => {
    expect(lookupHash(keys, normalisePassportNumber(' x123 4567 '))).toBe(
      lookupHash(keys, normalisePassportNumber('X1234567')),
    );
    expect(normaliseInviteCode('demo 2026')).toBe(normaliseInviteCode('DEMO-2026'));
  });

  it('differ between keys, so a leaked table cannot be matched without DATA_KEY', () => {
    expect(lookupHash(keys, 'X1234567')).not.toBe(
      lookupHash(deriveDataKeys(randomBytes(32)), 'X1234567'),
    );
  });
});
