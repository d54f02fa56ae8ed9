import type { ReactNode } from 'react';
import { AppLogo } from '../app-logo.js';
import { LanguageSelector } from '../language-selector.js';

/**
 * The frame of a page anyone may open, without the portal's session: the product's header, with
 * the "Language" choice, over the page's own <main>. The logo links home, except where `homeLink` is false: on the welcome
 * page, which is home, and on the steps of sign-up and identity verification, which have their
 * own way back.
 */
export function PublicLayout({
  homeLink = true,
  languageChoice = true,
  headerAction,
  children,
}: {
  homeLink?: boolean;
  /** False on the staff console's pages, which stay in English (issue 27). */
  languageChoice?: boolean;
  /** What the header offers at its end (the welcome page's Sign in). */
  headerAction?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <AppLogo linked={homeLink} />
          <div className="flex items-center gap-2">
            {languageChoice ? <LanguageSelector /> : null}
            {headerAction}
          </div>
        </div>
      </header>
      {children}
    </div>
  );
}
