import { useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, type Navigator } from 'react-router';

/** Asks the student whether to go on with `leave`, a way off the page that loses their work. */
type Ask = (leave: () => void) => void;

/** The guards of the page, newest last: the newest is the one that asks. */
const guards: Ask[] = [];
/** Set while a way off the page the student allowed runs, so its own navigation is let through. */
let leaving = false;

/**
 * Runs `action`, a way off the page, once the page's guard (if any) has asked and the student
 * agreed; at once when nothing on the page would be lost. For what the router cannot hold back by
 * itself, such as ending the session before going home.
 */
export function whenLeaving(action: () => void): void {
  const ask = guards.at(-1);
  if (!ask || leaving) {
    action();
    return;
  }
  ask(() => {
    leaving = true;
    try {
      action();
    } finally {
      leaving = false;
    }
  });
}

/**
 * Holds back the router's own navigations (links, `navigate`) until the student agrees. The app's
 * router is declarative (docs/decisions/008), where React Router has no `useBlocker`: every link
 * and `navigate` go through the router's navigator, so its push and replace are wrapped instead.
 * `go` is not: in the browser it moves through history, which `holdHistoryMoves` holds back.
 */
function holdNavigator(navigator: Navigator): () => void {
  const push = navigator.push.bind(navigator);
  const replace = navigator.replace.bind(navigator);
  const wrapped: Pick<Navigator, 'push' | 'replace'> = {
    push: (...args) => {
      whenLeaving(() => {
        push(...args);
      });
    },
    replace: (...args) => {
      whenLeaving(() => {
        replace(...args);
      });
    },
  };
  Object.assign(navigator, wrapped);
  return () => {
    // Each guard puts back what it found, so guards on one page come off in any order.
    if (navigator.push === wrapped.push) navigator.push = push;
    if (navigator.replace === wrapped.replace) navigator.replace = replace;
  };
}

/** Where an entry of the browser's history stands: React Router numbers them in `state.idx`. */
function historyIndex(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('idx' in state)) return null;
  return typeof state.idx === 'number' ? state.idx : null;
}

/**
 * Holds back the browser's Back and Forward (the phone's back gesture among them). The browser
 * cannot cancel them, so the move is hidden from the router (this listener runs first, in the
 * capture phase), undone, and made again only once the student agrees.
 */
function holdHistoryMoves(): () => void {
  const here = historyIndex(window.history.state);
  let undoing = false;
  let allowed = false;
  const onPopState = (event: PopStateEvent) => {
    if (allowed) {
      allowed = false;
      return;
    }
    if (undoing) {
      undoing = false;
      event.stopImmediatePropagation();
      return;
    }
    const there = historyIndex(event.state);
    // An entry the router did not make: nothing to undo it by, so the router takes it as it is.
    if (here === null || there === null) return;
    event.stopImmediatePropagation();
    const delta = there - here;
    undoing = true;
    window.history.go(-delta);
    whenLeaving(() => {
      allowed = true;
      window.history.go(delta);
    });
  };
  window.addEventListener('popstate', onPopState, { capture: true });
  return () => {
    window.removeEventListener('popstate', onPopState, { capture: true });
  };
}

/** Reloading, closing the tab or typing another address: the browser asks, in its own words. */
function warnBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

export interface LeaveGuard {
  /** A way off the page waits for the student's answer. */
  asking: boolean;
  /** Goes on with it: the work is lost. */
  leave: () => void;
  /** Stays on the page, the work kept. */
  stay: () => void;
}

/**
 * While `active` (the page holds work not saved anywhere else), every way off the page asks
 * first: the portal's links and navigation, the browser's Back, and reloading or closing the tab.
 * The page shows the question while `asking` (components/leave-guard.tsx).
 */
export function useLeaveGuard(active: boolean): LeaveGuard {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { key } = useLocation();
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);

  // The location's key: a page that moves within itself holds history from where it is now.
  useEffect(() => {
    if (!active) return;
    const ask: Ask = (leave) => {
      setPendingLeave(() => leave);
    };
    guards.push(ask);
    const releaseNavigator = holdNavigator(navigator);
    const releaseHistory = holdHistoryMoves();
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => {
      guards.splice(guards.indexOf(ask), 1);
      releaseNavigator();
      releaseHistory();
      window.removeEventListener('beforeunload', warnBeforeUnload);
    };
  }, [active, navigator, key]);

  return {
    asking: active && pendingLeave !== null,
    leave: () => {
      setPendingLeave(null);
      pendingLeave?.();
    },
    stay: () => {
      setPendingLeave(null);
    },
  };
}
