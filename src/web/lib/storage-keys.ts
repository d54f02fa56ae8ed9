/**
 * Every browser-storage key the portal uses, named exactly as spec section 3 names them, so the
 * web app and the end-to-end tests agree on them and logout can clear them all.
 */
export const SESSION_STORAGE_KEYS = {
  /** The session token; the spec keeps it in sessionStorage, so it dies with the tab. */
  token: 'jwt_token',
  /** The signed-in student's profile as JSON (TUserProfile). */
  userProfile: 'user_profile',
  /** Set when the student dismissed the install banner; lasts for the session. */
  pwaBannerDismissed: 'pwa-banner-dismissed',
  /** Set by 'Log Out' for home to say it happened, once. */
  justLoggedOut: 'just-logged-out',
  studentId: 'student_id',
  firstName: 'first_name',
  lastName: 'last_name',
  /** The identity provider's verification session id, to resume the processing state. */
  veriffSessionId: 'veriff_session_id',
  /**
   * The server's last word on demo mode in this tab, 'true' or 'false': the next page load draws
   * the demo banner at once instead of pushing the page down when the server answers.
   */
  demoMode: 'demo_mode',
} as const;

export const LOCAL_STORAGE_KEYS = {
  /**
   * Named by the spec as a fallback token for the verification and profile calls. This app never
   * writes it (docs/decisions/003-session-tokens.md); logout removes it in case an older client did.
   */
  authToken: 'auth_token',
  /**
   * Demo mode only: the simulated passkey `{ id, secret }` of a browser that cannot make a real
   * one (docs/decisions/004). It plays the device's passkey, so logout leaves it in place.
   */
  simulatedPasskey: 'simulated_passkey',
  /** The language chosen on this device (docs/decisions/021); logout leaves it, as the device's. */
  language: 'language',
} as const;
