import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { cn } from '../../lib/cn.js';
import { Button } from '../ui/button.js';
import { PublicLayout } from './public-layout.js';

/**
 * A public page of one column (PublicLayout): narrow for a form or a card on a phone's width,
 * wide for the welcome page's side-by-side options.
 */
export function PublicPage({
  homeLink,
  languageChoice,
  headerAction,
  width = 'narrow',
  children,
}: {
  homeLink?: boolean;
  languageChoice?: boolean;
  headerAction?: ReactNode;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  return (
    <PublicLayout homeLink={homeLink} languageChoice={languageChoice} headerAction={headerAction}>
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

/**
 * The top row of a public page's column: the way back to the welcome page, under `label`. The
 * row keeps its height on a step that offers no way back (`label` null), so the heading stays put.
 */
export function BackHomeRow({
  label,
  disabled = false,
}: {
  label: string | null;
  disabled?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-9 items-center">
      {label === null ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3"
          disabled={disabled}
          onClick={() => void navigate(paths.home.getHref())}
        >
          <ArrowLeft aria-hidden="true" />
          {label}
        </Button>
      )}
    </div>
  );
}
