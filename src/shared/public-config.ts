import { z } from 'zod';

/** What the web app needs to know about how the server runs, before anyone signs in. */
export const ZPublicConfigResponseSchema = z.object({
  productName: z.string(),
  demoMode: z.boolean(),
  /** Whether a simulated passkey may stand in where the browser cannot make one (demo, never production). */
  simulatedPasskeys: z.boolean(),
  /** The VAPID public key a browser subscribes to web push with (base64url, RFC 8292). */
  vapidPublicKey: z.string(),
});
export type TPublicConfigResponse = z.infer<typeof ZPublicConfigResponseSchema>;
