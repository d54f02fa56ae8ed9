import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.js';
import { paths } from '../config/paths.js';
import { ProtectedRoute } from './guards/protected-route.js';
import { SignedOutRoute } from './guards/signed-out-route.js';
import { RouteError } from './route-error.js';

/**
 * Every route of spec section 2. Each page is loaded on first visit, in its own chunk, so the
 * welcome page downloads only itself and the shell.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: paths.home.path,
        lazy: async () => ({ Component: (await import('./routes/welcome.js')).WelcomeRoute }),
      },
      {
        path: paths.signup.path,
        lazy: async () => ({ Component: (await import('./routes/signup.js')).SignupRoute }),
      },
      {
        path: paths.waitlist.path,
        lazy: async () => ({ Component: (await import('./routes/waitlist.js')).WaitlistRoute }),
      },
      {
        path: paths.faceVerification.path,
        lazy: async () => ({
          Component: (await import('./routes/face-verification.js')).FaceVerificationRoute,
        }),
      },
      {
        // /login is where guarded pages send a signed-out visitor: the same passkey screen.
        element: <SignedOutRoute />,
        children: [paths.webauthn.path, paths.webauthnLogin.path, paths.login.path].map((path) => ({
          path,
          lazy: async () => ({ Component: (await import('./routes/passkey.js')).PasskeyRoute }),
        })),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: paths.dashboard.path,
            lazy: async () => ({
              Component: (await import('./routes/dashboard.js')).DashboardRoute,
            }),
          },
          {
            path: paths.profile.path,
            lazy: async () => ({ Component: (await import('./routes/profile.js')).ProfileRoute }),
          },
          {
            path: paths.actions.path,
            lazy: async () => ({ Component: (await import('./routes/actions.js')).ActionsRoute }),
          },
          {
            path: paths.applications.path,
            lazy: async () => ({
              Component: (await import('./routes/applications.js')).ApplicationsRoute,
            }),
          },
          {
            path: paths.application.path,
            lazy: async () => ({
              Component: (await import('./routes/application.js')).ApplicationRoute,
            }),
          },
          {
            path: paths.messages.path,
            lazy: async () => ({
              Component: (await import('./routes/messages.js')).MessagesRoute,
            }),
          },
          {
            path: paths.help.path,
            lazy: async () => ({ Component: (await import('./routes/help.js')).HelpRoute }),
          },
        ],
      },
      {
        // Not guarded: the interview page shows its own 'Access Restricted' panel (spec section 2).
        path: paths.moi.path,
        lazy: async () => ({ Component: (await import('./routes/moi.js')).MoiRoute }),
      },
      {
        path: paths.pwaDebug.path,
        lazy: async () => ({ Component: (await import('./routes/pwa-debug.js')).PwaDebugRoute }),
      },
      {
        path: paths.notFound.path,
        lazy: async () => ({ Component: (await import('./routes/not-found.js')).NotFoundRoute }),
      },
    ],
  },
];
