import { API_PATHS } from '../../shared/api-paths.js';

/**
 * Which requests are the API reads a student needs offline (decision 007): the service worker
 * keeps their last good answers in the caches of offline-reads.ts. Apart from that module, which
 * the welcome page loads, so the paths named here do not weigh on it.
 */

const GET_READS = new Set<string>([
  API_PATHS.userProfile,
  API_PATHS.visaWaitTimes,
  API_PATHS.applications,
  API_PATHS.messages,
  API_PATHS.documents,
  API_PATHS.documentRequests,
  API_PATHS.profile,
  API_PATHS.roadmap,
  API_PATHS.moiQuestions,
]);

/**
 * Reads the spec makes with POST. Each sends no body that changes its answer (applicant data posts
 * `{}`, the details calls post nothing), so the URL alone identifies the answer.
 */
const POST_READS = new Set<string>([
  API_PATHS.applicantData,
  API_PATHS.universityDetails,
  API_PATHS.agencyDetails,
]);

/** An API path whose `:id` is a number; API paths hold no other character a pattern reads. */
const withNumericId = (path: string) => new RegExp(`^${path.replace(':id', '\\d+')}$`);

/** One application, and the documents asked for on it. */
const PER_APPLICATION_READS = [
  withNumericId(API_PATHS.application),
  withNumericId(API_PATHS.applicationDocumentRequests),
];

/** Whether a same-origin request is one of the reads whose last answer is kept for offline use. */
export function isOfflineRead(method: string, pathname: string): boolean {
  if (method === 'GET') {
    return GET_READS.has(pathname) || PER_APPLICATION_READS.some((read) => read.test(pathname));
  }
  if (method === 'POST') return POST_READS.has(pathname);
  return false;
}
