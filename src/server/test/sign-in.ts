import type { FastifyInstance } from 'fastify';
import type { TDemoPersona, TUserProfile } from '../../shared/auth.js';
import { ZLoginResponseSchema } from '../../shared/auth.js';
import { API_PATHS } from '../../shared/api-paths.js';

export interface SignedIn {
  /** The student's id: a demo login's own copy of the persona (decision 014). */
  id: string;
  token: string;
  user: TUserProfile;
}

/**
 * Signs in through the API as a browser does: a demo login of `persona` (the demo-login student
 * by default), which gives the caller a fresh student of its own. `remoteAddress` is the caller's
 * address, for tests of what is counted per address.
 */
export async function signIn(
  app: FastifyInstance,
  persona?: TDemoPersona,
  remoteAddress?: string,
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: API_PATHS.demoLogin,
    payload: persona ? { persona } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`demo login answered ${res.statusCode}: ${res.body}`);
  const { token, user } = ZLoginResponseSchema.parse(res.json());
  return { id: user.id, token, user };
}

/** The Authorization header of a bearer token; none without one. */
export const bearer = (token: string | undefined): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };
