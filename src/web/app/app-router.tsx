import { RouterProvider, type DataRouter } from 'react-router';

/**
 * Router updates are applied right away rather than as React transitions, so a navigation and a
 * session change made together (Log Out: go home, then end the session) land in one render and a
 * page guard never sees the old page with the new session.
 *
 * From 'react-router' rather than 'react-router/dom': the app never asks for flushSync
 * navigations, and under Vitest the /dom entry loads a second copy of the router's context.
 */
export function AppRouter({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} useTransitions={false} />;
}
