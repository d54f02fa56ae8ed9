import { readApiError } from '../../../lib/read-api-error.js';

/**
 * What to tell the student when a request about a document failed: the server's own words for
 * what the student can act on (a 4xx: too large, wrong type, too many), else `fallback`. A 5xx's
 * text says nothing the student can use, and a network failure has none.
 */
export function failureMessage(error: unknown, fallback: string): string {
  const answer = readApiError(error);
  return answer && answer.status < 500 && answer.message ? answer.message : fallback;
}
