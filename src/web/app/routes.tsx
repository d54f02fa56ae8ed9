import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.js';
import { paths } from '../config/paths.js';
import { useAuth } from '../lib/auth.js';
import { ProtectedRoute } from './guards/protected-route.js';
import { SignedOutRoute } from './guards/signed-out-route.js';
import { RouteErrorBoundary } from './route-error-boundary.js';

type PageLoader = () => Promise<ComponentType>;

/** A page whose code loads on its first visit, in its own chunk; `preload` starts that early. */
type LazyPage = LazyExoticComponent<ComponentType> & { preload: PageLoader };

function page(load: PageLoader): LazyPage {
  return Object.assign(
    lazy(async () => ({ default: await load() })),
    { preload: load },
  );
}

/**
 * A page that reads the server through TanStack Query: the query layer loads beside its code, in
 * parallel, so the welcome page's first load carries none of the library (docs/decisions/008).
 */
function queryPage(load: PageLoader): LazyPage {
  return page(async () => {
    const [{ QueryLayer }, Page] = await Promise.all([import('./query-layer.js'), load()]);
    return function PageWithQueries() {
      return (
        <QueryLayer>
          <Page />
        </QueryLayer>
      );
    };
  });
}

const WelcomePage = page(async () => (await import('./routes/welcome.js')).WelcomeRoute);
const SignupPage = queryPage(async () => (await import('./routes/signup.js')).SignupRoute);
const WaitlistPage = queryPage(async () => (await import('./routes/waitlist.js')).WaitlistRoute);
const FaceVerificationPage = page(
  async () => (await import('./routes/face-verification.js')).FaceVerificationRoute,
);
const PasskeyPage = queryPage(async () => (await import('./routes/passkey.js')).PasskeyRoute);
const DashboardPage = queryPage(async () => (await import('./routes/dashboard.js')).DashboardRoute);
const ProfilePage = queryPage(async () => (await import('./routes/profile.js')).ProfileRoute);
const ActionsPage = queryPage(async () => (await import('./routes/actions.js')).ActionsRoute);
const ApplicationsPage = queryPage(
  async () => (await import('./routes/applications.js')).ApplicationsRoute,
);
const ApplicationPage = queryPage(
  async () => (await import('./routes/application.js')).ApplicationRoute,
);
const MessagesPage = queryPage(async () => (await import('./routes/messages.js')).MessagesRoute);
const HelpPage = queryPage(async () => (await import('./routes/help.js')).HelpRoute);
const MoiPage = queryPage(async () => (await import('./routes/moi.js')).MoiRoute);
const PwaDebugPage = queryPage(async () => (await import('./routes/pwa-debug.js')).PwaDebugRoute);
const NotFoundPage = page(async () => (await import('./routes/not-found.js')).NotFoundRoute);

/** The page each route shows, so preloadPage can find it. */
const pageOfRoute = new WeakMap<RouteObject, LazyPage>();

function route(path: string, Page: LazyPage): RouteObject {
  const pageRoute: RouteObject = { path, element: <Page /> };
  pageOfRoute.set(pageRoute, Page);
  return pageRoute;
}

/** Every route of spec section 2. */
const routes: RouteObject[] = [
  route(paths.home.path, WelcomePage),
  route(paths.signup.path, SignupPage),
  route(paths.waitlist.path, WaitlistPage),
  route(paths.faceVerification.path, FaceVerificationPage),
  {
    // /login is where guarded pages send a signed-out visitor: the same passkey screen.
    element: <SignedOutRoute />,
    children: [paths.webauthn.path, paths.webauthnLogin.path, paths.login.path].map((path) =>
      route(path, PasskeyPage),
    ),
  },
  {
    element: <ProtectedRoute />,
    children: [
      route(paths.dashboard.path, DashboardPage),
      route(paths.profile.path, ProfilePage),
      route(paths.actions.path, ActionsPage),
      route(paths.applications.path, ApplicationsPage),
      route(paths.application.path, ApplicationPage),
      route(paths.messages.path, MessagesPage),
      route(paths.help.path, HelpPage),
    ],
  },
  // Not guarded: the interview page shows its own 'Access Restricted' panel (spec section 2).
  route(paths.moi.path, MoiPage),
  route(paths.pwaDebug.path, PwaDebugPage),
  route(paths.notFound.path, NotFoundPage),
];

/** Starts fetching the code of the page at `pathname`, ahead of its render. */
function preloadPage(pathname: string): void {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  const Page = leaf && pageOfRoute.get(leaf);
  // A failure is the page's own to report, when it renders (the route error page).
  void Page?.preload().catch(() => undefined);
}

/**
 * The page at the current address. While its code arrives the whole-page wait shows; a page that
 * fails to render or to load shows the route error page instead.
 */
export function AppRoutes() {
  const location = useLocation();
  const page = useRoutes(routes);
  const { isLoading } = useAuth();
  // A page behind a guard renders only once the session is checked: its code loads meanwhile.
  useEffect(() => {
    if (isLoading) preloadPage(location.pathname);
  }, [isLoading, location.pathname]);
  return (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<PageLoading />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}
