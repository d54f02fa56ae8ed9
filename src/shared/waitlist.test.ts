import { describe, expect, it } from 'vitest';
import { WAITLIST_FEATURE, WAITLIST_MESSAGES, ZWaitlistRequestSchema } from './waitlist.js';

describe('the waitlist payload (spec sections 3, 5 and 9)', () => {
  it.each(['student@example.com', '  padded@example.org  ', 'a.b+tag@school.ac.in'])(
    'takes %j',
    (email) => {
      const parsed = ZWaitlistRequestSchema.safeParse({ email, feature: WAITLIST_FEATURE });
      expect(parsed.success).toBe(true);
      expect(parsed.data?.email).toBe(email.trim());
    },
  );

  it.each(['', 'not-an-email', 'a@', '@example.com', `${'a'.repeat(250)}@x.io`])(
    'refuses %j with the spec message',
    (email) => {
      const parsed = ZWaitlistRequestSchema.safeParse({ email, feature: WAITLIST_FEATURE });
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
        WAITLIST_MESSAGES.invalidEmail,
      ]);
    },
  );

  it('takes only the one feature the spec names', () => {
    expect(
      ZWaitlistRequestSchema.safeParse({ email: 'a@example.com', feature: 'something_else' })
        .success,
    ).toBe(false);
  });
});
