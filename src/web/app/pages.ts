import { paths } from '../config/paths.js';

/**
 * Who may open a page: anyone; only a signed-out visitor (the passkey screen, SignedOutRoute); or
 * a signed-in, verified student (ProtectedRoute).
 */
export type PageAccess = 'anyone' | 'signed-out' | 'signed-in';

export interface PageDefinition {
  path: string;
  /** Its module in app/routes/, whose default export is the page. */
  module: string;
  /** Reads the server through TanStack Query: the query layer loads beside its code. */
  queries: boolean;
  access: PageAccess;
  /**
   * Drawn at build time into the document the server sends for its address (scripts/page-shells):
   * a public page whose first view is the same for every visitor, so it shows before any script
   * has run on a slow phone.
   */
  prerender?: true;
}

/**
 * Every page of spec section 2, as data: the router (routes.tsx) declares its routes from it, and
 * the build (scripts/page-shells) gives each page's address a document that starts fetching the
 * page's code at once, with the public pages drawn in.
 */
export const PAGES: readonly PageDefinition[] = [
  // Home is for whoever is there: a signed-in student's home is the dashboard.
  {
    path: paths.home.path,
    module: 'welcome',
    queries: false,
    access: 'signed-out',
    prerender: true,
  },
  { path: paths.signup.path, module: 'signup', queries: true, access: 'anyone', prerender: true },
  {
    path: paths.waitlist.path,
    module: 'waitlist',
    queries: true,
    access: 'anyone',
    prerender: true,
  },
  {
    path: paths.faceVerification.path,
    module: 'face-verification',
    queries: false,
    access: 'anyone',
  },
  // /login is where guarded pages send a signed-out visitor: the same passkey screen.
  { path: paths.webauthn.path, module: 'passkey', queries: true, access: 'signed-out' },
  { path: paths.webauthnLogin.path, module: 'passkey', queries: true, access: 'signed-out' },
  { path: paths.login.path, module: 'passkey', queries: true, access: 'signed-out' },
  // Account recovery, reached from the passkey screen, shares its module. 'anyone': its last step
  // shows the recovered student, signed in by then, that it worked.
  { path: paths.recover.path, module: 'passkey', queries: true, access: 'anyone' },
  { path: paths.dashboard.path, module: 'dashboard', queries: true, access: 'signed-in' },
  { path: paths.profile.path, module: 'profile', queries: true, access: 'signed-in' },
  { path: paths.actions.path, module: 'actions', queries: true, access: 'signed-in' },
  { path: paths.applications.path, module: 'applications', queries: true, access: 'signed-in' },
  { path: paths.application.path, module: 'application', queries: true, access: 'signed-in' },
  { path: paths.messages.path, module: 'messages', queries: true, access: 'signed-in' },
  { path: paths.help.path, module: 'help', queries: true, access: 'signed-in' },
  // Not guarded: the interview page shows its own 'Access Restricted' panel (spec section 2).
  { path: paths.moi.path, module: 'moi', queries: true, access: 'anyone' },
  { path: paths.pwaDebug.path, module: 'pwa-debug', queries: true, access: 'anyone' },
  { path: paths.notFound.path, module: 'not-found', queries: false, access: 'anyone' },
];
