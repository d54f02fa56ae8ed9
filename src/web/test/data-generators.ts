import type { TUserProfile } from '../../shared/auth.js';

/**
 * A signed-in student whose identity is verified, with a full session: Priya, as the demo seed
 * has her. A test changes only what it is about (`{ faceVerified: false }`, another student's
 * name), so every test's student is the same one unless it says otherwise.
 */
export function signedInStudent(overrides: Partial<TUserProfile> = {}): TUserProfile {
  return {
    id: 'f3a1c2d4-0000-4000-8000-000000000001',
    email: 'priya.sharma@example.com',
    firstName: 'Priya',
    lastName: 'Sharma',
    faceVerified: true,
    verificationResult: 'approved',
    sessionScope: 'student',
    ...overrides,
  };
}
