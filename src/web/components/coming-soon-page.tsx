import { Link } from 'react-router';
import { paths } from '../config/paths.js';
import { useDocumentTitle } from '../hooks/use-document-title.js';
import { AppLogo } from './app-logo.js';

/**
 * What a screen that is not built yet shows: its title and a plain line, never a form or data
 * that would look real.
 */
export function ComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-5xl items-center px-4 py-3">
          <AppLogo />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{title}</h1>
        <p className="mt-3 text-base text-muted-foreground">
          This part of the portal is coming soon.
        </p>
        <Link
          to={paths.home.getHref()}
          className="mt-8 rounded text-sm font-semibold text-link underline underline-offset-4 focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
        >
          Back to home
        </Link>
      </main>
    </div>
  );
}
