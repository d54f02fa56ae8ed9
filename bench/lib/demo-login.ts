import { API_PATHS } from '../../src/shared/api-paths.js';
import { type TDemoPersona, ZLoginResponseSchema } from '../../src/shared/auth.js';

/** A session token of a demo-login student (demo mode): the default student, or a persona. */
export async function demoLogin(origin: string, persona?: TDemoPersona): Promise<string> {
  const res = await fetch(`${origin}${API_PATHS.demoLogin}`, {
    method: 'POST',
    ...(persona
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ persona }) }
      : {}),
  });
  if (!res.ok) throw new Error(`demo login answered ${res.status}`);
  return ZLoginResponseSchema.parse(await res.json()).token;
}
