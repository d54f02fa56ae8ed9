import { RotateCw } from 'lucide-react';
import { Button } from '../components/ui/button.js';

/**
 * Shown when a page fails to render or its code cannot be fetched (most often: the connection
 * dropped between pages). Kept in the main bundle so it works when the network does not.
 */
export function RouteError() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Something went wrong</h1>
      <p className="mt-3 text-base text-muted-foreground">
        This page could not be loaded. Check your internet connection and try again.
      </p>
      <Button
        className="mt-8"
        onClick={() => {
          window.location.reload();
        }}
      >
        <RotateCw aria-hidden="true" />
        Reload the page
      </Button>
    </main>
  );
}
