import { z } from 'zod';

/**
 * The signed-in student as the session knows them (spec section 3, "User profile (session)").
 * The spec names id, email, faceVerified and verificationResult; the names let the shell greet
 * the student without a second call.
 */
export const ZUserProfileSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  faceVerified: z.boolean(),
  /** One of VERIFICATION_RESULTS: 'pending' until the identity provider decides, then its code. */
  verificationResult: z.string(),
  /**
   * What this session may do: 'student' is a full session; 'onboarding' (after the invite lookup)
   * allows only the identity check and passkey creation, until the student has a passkey;
   * 'recovery' (after account recovery's lookup) the same, until the new passkey replaces the old.
   */
  sessionScope: z.enum(['student', 'onboarding', 'recovery']),
});
export type TUserProfile = z.infer<typeof ZUserProfileSchema>;

/** Spec section 3, "Login response": what every sign-in route answers. */
export const ZLoginResponseSchema = z.object({
  token: z.string(),
  user: ZUserProfileSchema,
});
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;

/**
 * Demo mode only: which seeded persona demo login copies into a student of the visitor's own.
 * The default (no body) is the student of DESIGN.md's demo data contract; the others show the
 * dashboard's other states.
 */
export const DEMO_PERSONAS = ['moi-required', 'all-done', 'sevis-due', 'interview-due'] as const;
export type TDemoPersona = (typeof DEMO_PERSONAS)[number];
export const ZDemoLoginRequestSchema = z
  .object({ persona: z.enum(DEMO_PERSONAS).optional() })
  .nullish();
