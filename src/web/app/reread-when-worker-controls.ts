import type { QueryClient } from '@tanstack/react-query';

/**
 * A student's first visit reads their data before the service worker, installing in the
 * background, controls the page, so the worker kept none of it: offline after a reload the
 * dashboard would have nothing to show. When a worker first takes control of the page, the reads
 * on screen are made again, through it, and so kept (decision 007). A later version taking over
 * reloads the page anyway, and a page the worker already controls needs nothing.
 */
export function rereadWhenWorkerTakesControl(client: QueryClient): void {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      void client.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'success',
      });
    },
    { once: true },
  );
}
