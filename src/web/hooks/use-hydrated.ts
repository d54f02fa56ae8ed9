import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False while the page is drawn at build time (scripts/page-shells) and while the browser hydrates
 * that drawing; true from the first render after, and from the start of a page the browser draws
 * itself. What depends on the browser's clock or on script being ready waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
