import { z } from 'zod';

/** Spec section 9: the one feature the waitlist collects interest in today. */
export const WAITLIST_FEATURE = 'direct_university_applications';

export const WAITLIST_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  failed: 'Failed to join waitlist',
  retry: 'Please try again.',
} as const;

export const ZWaitlistRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, WAITLIST_MESSAGES.invalidEmail)
    .pipe(z.email(WAITLIST_MESSAGES.invalidEmail)),
  feature: z.literal(WAITLIST_FEATURE, { message: `feature must be ${WAITLIST_FEATURE}` }),
});
export type TWaitlistRequest = z.infer<typeof ZWaitlistRequestSchema>;

export const ZWaitlistResponseSchema = z.object({ success: z.literal(true) });
export type TWaitlistResponse = z.infer<typeof ZWaitlistResponseSchema>;
