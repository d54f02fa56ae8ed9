import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';

/**
 * React Router in declarative mode: the data router's loaders, actions and fetchers are unused
 * here and cost the welcome page a sixth of its JavaScript (docs/decisions/008).
 *
 * Router updates are applied right away rather than as React transitions, so a navigation and a
 * session change made together (Log Out: go home, then end the session) land in order and a page
 * guard never sees the old page with the new session. Tests mount MemoryRouter the same way
 * (src/web/test/render-app.tsx).
 */
export function AppRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}
