/**
 * The API paths the landing page calls (its configuration and the session), apart from the rest
 * of API_PATHS (api-paths.ts, which includes them): its first load carries these four and not
 * every path of the portal (docs/performance.md).
 */
export const LANDING_API_PATHS = {
  publicConfig: '/api/config',
  userProfile: '/api/user/profile',
  demoLogin: '/api/auth/demo-login',
  logout: '/api/auth/logout',
} as const;
