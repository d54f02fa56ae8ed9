/**
 * The demo data contract (DESIGN.md): tests, the README and `npm start`'s banner rely on these.
 */
export const ONBOARDING_DEMO_STUDENT = {
  inviteCode: 'DEMO-2026',
  passportNumber: 'X1234567',
  dateOfBirth: '2000-01-15',
} as const;

import type { TDemoPersona } from '../../shared/auth.js';

/** The student `POST /api/auth/demo-login` signs in as. */
export const DEMO_LOGIN_EMAIL = 'priya.sharma@demo.student-portal.test';

/**
 * The seeded students demo login may sign in as: MOI required with nothing issued yet (the
 * default), no MOI with I-20 issued and SEVIS paid, I-20 issued with SEVIS still due, and MOI
 * required with the I-20 issued. The last is the one whose interview the end-to-end journey
 * submits, so the default student's stays 'Incomplete' for every other journey.
 */
export const DEMO_PERSONA_EMAILS: Record<TDemoPersona, string> = {
  'moi-required': DEMO_LOGIN_EMAIL,
  'all-done': 'minhanh.nguyen@demo.student-portal.test',
  'sevis-due': 'lucas.oliveira@demo.student-portal.test',
  'interview-due': 'farida.rahman@demo.student-portal.test',
};
