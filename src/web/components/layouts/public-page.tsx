import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { PublicLayout } from './public-layout.js';

/**
 * A public page of one column (PublicLayout): narrow for a form or a card on a phone's width,
 * wide for the welcome page's side-by-side options.
 */
export function PublicPage({
  homeLink,
  width = 'narrow',
  children,
}: {
  homeLink?: boolean;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  return (
    <PublicLayout homeLink={homeLink}>
      <main className="flex-1">
        <div
          className={cn(
            'mx-auto w-full px-4 pb-12 sm:px-6',
            width === 'narrow' ? 'max-w-lg pt-4 sm:pt-8' : 'max-w-5xl pt-10 sm:pt-16',
          )}
        >
          {children}
        </div>
      </main>
    </PublicLayout>
  );
}
