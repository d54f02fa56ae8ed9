import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title.js';

/**
 * One console page under the shell: its heading (also the browser tab's name) and content, wide
 * enough for a table on a desktop and one column on a phone.
 */
export function ConsolePage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Beside the heading: the page's own actions (Export CSV). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {description ? (
            <p className="mt-1 text-base text-muted-foreground">{description}</p>
          ) : null}
        </div>
        {actions}
      </div>
      {children}
    </main>
  );
}
