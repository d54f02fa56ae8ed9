import { z } from 'zod';

/** Every error the API returns has this shape: the web shows `message` to the student. */
export const ZErrorResponseSchema = z.object({
  message: z.string(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;
