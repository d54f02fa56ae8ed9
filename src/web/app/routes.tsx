import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.js';
import { useAuth } from '../lib/auth.js';
import { ProtectedRoute } from './guards/protected-route.js';
import { SignedOutRoute } from './guards/signed-out-route.js';
import { PAGES, type PageAccess, type PageDefinition } from './pages.js';
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

/** Each module of routes/, loaded on its first visit in its own chunk (default export: the page). */
const routeModules = import.meta.glob<ComponentType>('./routes/*.tsx', { import: 'default' });

/** One lazy page per module: the three addresses of the passkey screen share one. */
const lazyPages = new Map<string, LazyPage>();

function lazyPage({ module, queries }: PageDefinition): LazyPage {
  const existing = lazyPages.get(module);
  if (existing) return existing;
  const load = routeModules[`./routes/${module}.tsx`];
  if (!load) throw new Error(`pages.ts names app/routes/${module}.tsx, which does not exist.`);
  const created = queries ? queryPage(load) : page(load);
  lazyPages.set(module, created);
  return created;
}

/** The page each route shows, so preloadPage can find it. */
const pageOfRoute = new WeakMap<RouteObject, LazyPage>();

function pageRoutes(access: PageAccess): RouteObject[] {
  return PAGES.filter((definition) => definition.access === access).map((definition) => {
    const Page = lazyPage(definition);
    const pageRoute: RouteObject = { path: definition.path, element: <Page /> };
    pageOfRoute.set(pageRoute, Page);
    return pageRoute;
  });
}

/**
 * The staff console: every address under /staff, with its own pages, session and cache. Its code
 * is a chunk of its own that only this route loads, so no student page ever fetches it (the
 * page-weight check, bench/page-weight.ts, fails a build where one does).
 */
function consoleRoute(): RouteObject {
  // It reads through the query layer, which loads beside it as beside any page that reads.
  const Console = queryPage(async () => (await import('../console/console-app.js')).default);
  const route: RouteObject = { path: '/staff/*', element: <Console /> };
  pageOfRoute.set(route, Console);
  return route;
}

/** Every route of spec section 2 (pages.ts), behind its guard, and the staff console. */
const routes: RouteObject[] = [
  consoleRoute(),
  ...pageRoutes('anyone'),
  { element: <SignedOutRoute />, children: pageRoutes('signed-out') },
  { element: <ProtectedRoute />, children: pageRoutes('signed-in') },
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
