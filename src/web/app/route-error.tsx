import { RotateCw } from 'lucide-react';
import { Button } from '../components/ui/button.js';
import { useLingui } from '../lib/i18n/use-lingui.js';

/**
 * Shown when a page fails to render or its code cannot be fetched (most often: the connection
 * dropped between pages). Kept in the main bundle so it works when the network does not.
 */
export function RouteError() {
  const { i18n } = useLingui();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-foreground">
        {i18n._({ id: 'route-error.title', message: 'Something went wrong' })}
      </h1>
      <p className="mt-3 text-base text-muted-foreground">
        {i18n._({
          id: 'route-error.description',
          message: 'This page could not be loaded. Check your internet connection and try again.',
        })}
      </p>
      <Button
        className="mt-8"
        onClick={() => {
          window.location.reload();
        }}
      >
        <RotateCw aria-hidden="true" />
        {i18n._({ id: 'route-error.reload', message: 'Reload the page' })}
      </Button>
    </main>
  );
}
