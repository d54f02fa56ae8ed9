/**
 * The demo data contract (DESIGN.md): tests, the README and `npm start`'s banner rely on these.
 */
export const ONBOARDING_DEMO_STUDENT = {
  inviteCode: 'DEMO-2026',
  passportNumber: 'X1234567',
  dateOfBirth: '2000-01-15',
} as const;

import type { TDemoPersona } from '../../shared/auth.js';

/** The persona `POST /api/auth/demo-login` copies by default. */
export const DEMO_LOGIN_EMAIL = 'priya.sharma@demo.student-portal.test';

/**
 * The seeded personas demo login copies for each visitor (demo-visitors.ts): MOI required with
 * nothing issued yet (the default), no MOI with I-20 issued and SEVIS paid, I-20 issued with
 * SEVIS still due, and MOI required with the I-20 issued.
 */
export const DEMO_PERSONA_EMAILS: Record<TDemoPersona, string> = {
  'moi-required': DEMO_LOGIN_EMAIL,
  'all-done': 'minhanh.nguyen@demo.student-portal.test',
  'sevis-due': 'lucas.oliveira@demo.student-portal.test',
  'interview-due': 'farida.rahman@demo.student-portal.test',
};
