import { act, render } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigateFunction,
  type NavigationType,
  type To,
} from 'react-router';
import { AppProvider } from '../app/provider.js';
import { QueryLayer } from '../app/query-layer.js';
import { AppRoutes } from '../app/routes.js';

/** Where the app under test is, and a way to go elsewhere as the address bar would. */
export interface TestRouter {
  readonly location: Location;
  /** How the current entry was reached: 'PUSH', 'REPLACE' or 'POP'. */
  readonly navigationType: NavigationType;
  navigate: (to: To) => Promise<void>;
}

interface RouterSnapshot {
  location: Location;
  navigationType: NavigationType;
  navigate: NavigateFunction;
}

function RouterProbe({ onRender }: { onRender: (snapshot: RouterSnapshot) => void }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    onRender({ location, navigationType, navigate });
  });
  return null;
}

/**
 * The whole app at `path`, as main.tsx mounts it (less the PWA overlays): its providers, its
 * routes and guards, on a memory router that applies updates right away like the app's own
 * (app/app-router.tsx).
 */
export function renderApp(path: string): TestRouter {
  let current: RouterSnapshot | undefined;
  const snapshot = (): RouterSnapshot => {
    if (!current) throw new Error('The app has not rendered yet.');
    return current;
  };
  render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <RouterProbe
          onRender={(rendered) => {
            current = rendered;
          }}
        />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return {
    get location() {
      return snapshot().location;
    },
    get navigationType() {
      return snapshot().navigationType;
    },
    navigate: (to) =>
      act(async () => {
        await snapshot().navigate(to);
      }),
  };
}

/** One part of a page on its own, with the session and the query cache a page gives it. */
export function renderWithPageContext(ui: ReactNode): void {
  render(
    <AppProvider>
      <QueryLayer>{ui}</QueryLayer>
    </AppProvider>,
  );
}
