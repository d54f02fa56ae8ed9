import { useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router';

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

/** The part of the Navigation API used here; TypeScript's DOM types do not have it yet. */
interface HistoryNavigation extends EventTarget {
  traverseTo: (key: string) => { committed: Promise<unknown>; finished: Promise<unknown> };
}
interface NavigateEvent extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  destination: { key: string };
}

const isNavigateEvent = (event: Event): event is NavigateEvent =>
  'navigationType' in event && 'destination' in event;

/**
 * Holds back the browser's Back and Forward within the app (the phone's back gesture among them)
 * through the Navigation API, which says where they go before they happen: the router never sees
 * a move the student did not agree to. React Router's own listener runs before any the page adds
 * (popstate listeners run in the order they were added), so popstate cannot do it. A browser
 * without the Navigation API goes Back unasked; one leaving the portal asks before unloading.
 */
function holdHistoryMoves(): () => void {
  const navigation = (window as Window & { navigation?: HistoryNavigation }).navigation;
  if (!navigation) return () => undefined;
  let allowed: string | null = null;
  const onNavigate = (event: Event) => {
    if (!isNavigateEvent(event) || event.navigationType !== 'traverse') return;
    const { key } = event.destination;
    if (allowed === key || !event.cancelable) return;
    event.preventDefault();
    whenLeaving(() => {
      allowed = key;
      const moved = navigation.traverseTo(key);
      // The router takes the move from here; a move overtaken by another is no failure.
      moved.committed.catch(() => undefined);
      moved.finished.catch(() => undefined);
    });
  };
  navigation.addEventListener('navigate', onNavigate);
  return () => {
    navigation.removeEventListener('navigate', onNavigate);
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
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);

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
  }, [active, navigator]);

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
