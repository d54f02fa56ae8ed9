import { ZApplicationIdParamsSchema } from '../../../../shared/applications.js';

/**
 * The id of `/application/{id}` (spec section 2: a number), or null for anything else. Digits
 * only: the server's schema alone would also take '1e3' or ' 12 ' as numbers.
 */
export function parseApplicationId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const parsed = ZApplicationIdParamsSchema.safeParse({ id: raw });
  return parsed.success ? parsed.data.id : null;
}
