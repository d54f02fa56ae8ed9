import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberVerifiedTokens } from './remember-verified-tokens.js';
import type { SessionClaims, SessionTokenSigner } from './session-claims.js';
import { createSessionTokenSigner } from './session-token.js';

const SECRET = 'a-token-secret-for-this-test-only-0123456789';
const STUDENT = '6f1c2a7e-1111-4222-8333-444455556666';

/** A signer whose verify answers from a table and counts what it was asked. */
function countingSigner(valid: Record<string, SessionClaims>) {
  const asked: string[] = [];
  const signer: SessionTokenSigner = {
    issue: () => Promise.reject(new Error('not used')),
    issueRecovery: () => Promise.reject(new Error('not used')),
    verify: (token) => {
      asked.push(token);
      return Promise.resolve(valid[token] ?? null);
    },
  };
  return { signer, asked };
}

const claimsExpiringIn = (ms: number): SessionClaims => ({
  scope: 'student',
  studentId: STUDENT,
  sessionId: '0b5f2c4e-2222-4333-8444-555566667777',
  issuedAt: new Date(),
  expiresAt: new Date(Date.now() + ms),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('rememberVerifiedTokens', () => {
  it('verifies a token once and answers its claims again without verifying', async () => {
    const claims = claimsExpiringIn(60_000);
    const { signer, asked } = countingSigner({ good: claims });
    const remembering = rememberVerifiedTokens(signer);
    expect(await remembering.verify('good')).toEqual(claims);
    expect(await remembering.verify('good')).toEqual(claims);
    expect(asked).toEqual(['good']);
  });

  it('keeps no token that failed: it is verified again next time', async () => {
    const { signer, asked } = countingSigner({});
    const remembering = rememberVerifiedTokens(signer);
    expect(await remembering.verify('forged')).toBeNull();
    expect(await remembering.verify('forged')).toBeNull();
    expect(asked).toEqual(['forged', 'forged']);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { signer } = countingSigner({ short: claimsExpiringIn(1_000) });
    const remembering = rememberVerifiedTokens(signer);
    expect(await remembering.verify('short')).not.toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(await remembering.verify('short')).toBeNull();
  });

  it('forgets the oldest token past its capacity, and verifies it again when it returns', async () => {
    const { signer, asked } = countingSigner({
      a: claimsExpiringIn(60_000),
      b: claimsExpiringIn(60_000),
      c: claimsExpiringIn(60_000),
    });
    const remembering = rememberVerifiedTokens(signer, 2);
    for (const token of ['a', 'b', 'c', 'b', 'a']) await remembering.verify(token);
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('the session token signer remembers verified tokens', () => {
  it('still refuses a tampered copy of a token it verified, and the token once expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signer = createSessionTokenSigner(SECRET, 60);
    const token = await signer.issue(STUDENT, 'student');
    expect((await signer.verify(token))?.studentId).toBe(STUDENT);
    // The signature's first character carries six bits of it (the last one also carries padding).
    const [header, payload, signature = ''] = token.split('.');
    const tampered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await signer.verify(tampered)).toBeNull();
    expect((await signer.verify(token))?.studentId).toBe(STUDENT);
    vi.advanceTimersByTime(60_000);
    expect(await signer.verify(token)).toBeNull();
  });
});
