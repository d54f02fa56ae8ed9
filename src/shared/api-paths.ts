import { LANDING_API_PATHS } from './landing-api-paths.js';

/**
 * Every API path of the student portal both sides use, in one place, so no page or route spells
 * one by hand. The staff console's are in staff-api-paths.ts: every student page loads this
 * object whole, and the console's paths would weigh on the welcome page (docs/performance.md).
 */
export const API_PATHS = {
  ...LANDING_API_PATHS,
  getStudentId: '/api/get-student-id',
  verifyUser: '/api/auth/verify-user',
  recovery: '/api/auth/recovery',
  waitlist: '/api/waitlist',
  registerBegin: '/api/webauthn/register/begin',
  registerComplete: '/api/webauthn/register/complete',
  authenticateBegin: '/api/webauthn/authenticate/begin',
  authenticateComplete: '/api/webauthn/authenticate/complete',
  confirmBegin: '/api/webauthn/confirm/begin',
  confirmComplete: '/api/webauthn/confirm/complete',
  passkeys: '/api/passkeys',
  passkey: '/api/passkeys/:id',
  verifyFace: '/api/auth/verify-face',
  veriffSession: '/api/veriff/session',
  veriffStatus: '/api/veriff/status/:userId',
  veriffVerify: '/api/veriff/verify/:sessionId',
  veriffDecisionWebhook: '/api/veriff/webhooks/decision',
  veriffEventWebhook: '/api/veriff/webhooks/events',
  simulatedIdentityPage: '/api/veriff/simulated/:sessionId',
  simulatedIdentityDecision: '/api/veriff/simulated/:sessionId/decision',
  simulatedIdentityStyles: '/api/veriff/simulated-provider.css',
  applicantData: '/api/applicant-data',
  visaWaitTimes: '/api/visa-wait-times',
  applications: '/api/applications',
  application: '/api/applications/:id',
  applicationDocumentRequests: '/api/applications/:id/document-requests',
  documentRequests: '/api/document-requests',
  messages: '/api/messages',
  messageRead: '/api/messages/:id/read',
  documents: '/api/documents',
  document: '/api/documents/:id',
  documentFile: '/api/documents/:id/file',
  profile: '/api/profile',
  roadmap: '/api/roadmap',
  universityDetails: '/api/university-details',
  agencyDetails: '/api/agency-details',
  studentI20: '/api/i20',
  studentAcceptanceLetter: '/api/acceptance-letter',
  moiQuestions: '/api/moi/questions',
  moiReview: '/api/moi/review',
  moiSessions: '/api/moi/sessions',
  moiSubmitVideo: '/api/moi/submit-video',
  moiAnswers: '/api/moi/answers',
  docs: '/api/docs',
  notificationPreferences: '/api/notifications/preferences',
  studentLanguage: '/api/language',
  pushSubscriptions: '/api/notifications/push-subscriptions',
  notificationUnsubscribe: '/api/notifications/unsubscribe',
} as const;

/** Fills `:name` placeholders of an API path, encoding each value. */
export function apiPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: no value for ${placeholder} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
