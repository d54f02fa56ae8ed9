import { readFileSync } from 'node:fs';
import { onboardingStudentsFile } from './onboarding-students-file.mjs';

export interface OnboardingStudent {
  journey: string;
  firstName: string;
  lastName: string;
  passportNumber: string;
  dateOfBirth: string;
  inviteCode: string;
}

/**
 * The onboarding student of one journey, with the invite code the end-to-end server gave them
 * (scripts/e2e-server.mjs). Nobody else onboards them, so the journey may change them for good.
 */
export function onboardingStudent(journey: 'identity' | 'onboarding'): OnboardingStudent {
  // As playwright.config.ts reads it.
  const port = process.env.E2E_PORT ?? '5187';
  const students = JSON.parse(
    readFileSync(onboardingStudentsFile(port), 'utf8'),
  ) as OnboardingStudent[];
  const student = students.find((s) => s.journey === journey);
  if (!student?.inviteCode) throw new Error(`The e2e server added no ${journey} student.`);
  return student;
}
