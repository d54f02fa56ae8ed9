import { describe, expect, it } from 'vitest';
import {
  dateOfBirthToUtcTimestamp,
  SIGNUP_VALIDATION_MESSAGES,
  ZGetStudentIdRequestSchema,
  ZSignupDetailsFormSchema,
} from './onboarding.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the details form (spec section 5)', () => {
  const valid = { inviteCode: 'DEMO-2026', passportNumber: 'X1234567', dateOfBirth: '2000-01-15' };

  it('takes the demo student', () => {
    expect(ZSignupDetailsFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['inviteCode', '', SIGNUP_VALIDATION_MESSAGES.inviteCode],
    ['inviteCode', '   ', SIGNUP_VALIDATION_MESSAGES.inviteCode],
    ['passportNumber', 'X1234', SIGNUP_VALIDATION_MESSAGES.passportNumber],
    ['passportNumber', '  X1234  ', SIGNUP_VALIDATION_MESSAGES.passportNumber],
    ['dateOfBirth', '', SIGNUP_VALIDATION_MESSAGES.dateOfBirth],
  ] as const)('%s %j gives %j', (field, value, message) => {
    expect(messagesOf(ZSignupDetailsFormSchema.safeParse({ ...valid, [field]: value }))).toEqual([
      message,
    ]);
  });

  it('takes a passport number of exactly six characters', () => {
    expect(ZSignupDetailsFormSchema.safeParse({ ...valid, passportNumber: 'A12345' }).success).toBe(
      true,
    );
  });

  it('gives all three messages for an empty form', () => {
    expect(
      messagesOf(
        ZSignupDetailsFormSchema.safeParse({ inviteCode: '', passportNumber: '', dateOfBirth: '' }),
      ),
    ).toEqual([
      SIGNUP_VALIDATION_MESSAGES.inviteCode,
      SIGNUP_VALIDATION_MESSAGES.passportNumber,
      SIGNUP_VALIDATION_MESSAGES.dateOfBirth,
    ]);
  });
});

describe('POST /api/get-student-id (spec section 7)', () => {
  const request = {
    invite_code: 'DEMO-2026',
    passport_number: 'X1234567',
    date_of_birth: dateOfBirthToUtcTimestamp('2000-01-15'),
  };

  it('sends the birth date as an ISO timestamp at UTC midnight', () => {
    expect(request.date_of_birth).toBe('2000-01-15T00:00:00.000Z');
    expect(ZGetStudentIdRequestSchema.safeParse(request).success).toBe(true);
    expect(
      ZGetStudentIdRequestSchema.safeParse({ ...request, date_of_birth: '2000-01-15T00:00:00Z' })
        .success,
    ).toBe(true);
  });

  it.each(['2000-01-15', '2000-01-15T10:30:00.000Z', '2000-01-15T00:00:00+02:00', 'yesterday'])(
    'refuses the birth date %j',
    (date_of_birth) => {
      expect(ZGetStudentIdRequestSchema.safeParse({ ...request, date_of_birth }).success).toBe(
        false,
      );
    },
  );

  it('refuses values longer than any real code or passport number', () => {
    expect(
      ZGetStudentIdRequestSchema.safeParse({ ...request, invite_code: 'A'.repeat(65) }).success,
    ).toBe(false);
    expect(
      ZGetStudentIdRequestSchema.safeParse({ ...request, passport_number: '1'.repeat(65) }).success,
    ).toBe(false);
  });
});
