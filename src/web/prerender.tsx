import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app.js';

/**
 * The markup of the page at `path` as a signed-out visitor first sees it, drawn at build time
 * (scripts/page-shells) into the document the server sends, which main.tsx then hydrates. It is
 * the same tree main.tsx mounts, on a router fixed at `path`; `prerender` waits for the page's
 * lazily loaded code.
 */
export async function renderPage(path: string): Promise<string> {
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={path}>{children}</StaticRouter>;
  }
  const { prelude } = await prerender(
    <StrictMode>
      <App Router={Router} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
