import { API_PATHS } from '../../shared/api-paths.js';
import { SEALED_PROFILE_FIELDS } from '../../shared/sealed-profile-fields.js';

/**
 * What of an answer the worker keeps for offline use. The profile is kept without the fields the
 * server seals at rest (passport number, date of birth, medical conditions, emergency contact):
 * the page says they need a connection (decision 007). Every other answer is kept whole.
 */
export async function offlineCopyOf(url: string, response: Response): Promise<ArrayBuffer> {
  if (new URL(url).pathname !== API_PATHS.profile) return response.arrayBuffer();
  const copy = profileWithoutSealedFields(await response.text());
  return new TextEncoder().encode(copy).buffer;
}

/** The profile's JSON without its sealed fields; throws on anything but a JSON object. */
export function profileWithoutSealedFields(body: string): string {
  const profile: unknown = JSON.parse(body);
  if (typeof profile !== 'object' || profile === null || Array.isArray(profile)) {
    throw new TypeError('A profile answer is a JSON object.');
  }
  const sealed = new Set<string>(SEALED_PROFILE_FIELDS);
  return JSON.stringify(
    Object.fromEntries(Object.entries(profile).filter(([field]) => !sealed.has(field))),
  );
}
