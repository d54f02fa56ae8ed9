import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The history state of home right after 'Log Out', so home can say it happened. */
export const LOGGED_OUT_STATE = { loggedOut: true } as const;

const isLoggedOutState = (state: unknown) =>
  typeof state === 'object' && state !== null && 'loggedOut' in state && state.loggedOut === true;

/**
 * Whether this page was reached by 'Log Out'. It is said once: the history entry forgets it at
 * once (a browser keeps history state across a reload), while this page keeps showing it.
 */
export function useJustLoggedOut(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [justLoggedOut] = useState(() => isLoggedOutState(location.state));
  useEffect(() => {
    if (isLoggedOutState(location.state)) void navigate(location, { replace: true, state: null });
  }, [location, navigate]);
  return justLoggedOut;
}
