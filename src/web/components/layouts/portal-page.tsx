import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { cn } from '../../lib/cn.js';
import { Button } from '../ui/button.js';
import { PortalLayout } from './portal-layout.js';

interface PortalPageProps {
  /** The page's h1 and the line under it; a page that names itself further down omits them. */
  title?: string;
  description?: ReactNode;
  /** A form or a single column reads better narrow; lists and card grids use the full width. */
  width?: 'narrow' | 'wide';
  /** Room between the page's parts: 'loose' for a page of a few large sections. */
  spacing?: 'default' | 'loose';
  children: ReactNode;
}

/**
 * A signed-in page below the dashboard: the portal's frame, 'Back to Dashboard' (spec section 2)
 * and the page's heading, then its content.
 */
export function PortalPage({
  title,
  description,
  width = 'wide',
  spacing = 'default',
  children,
}: PortalPageProps) {
  return (
    <PortalLayout>
      <main
        className={cn(
          'mx-auto flex w-full flex-1 flex-col px-4 py-6 sm:px-6 sm:py-8',
          width === 'narrow' ? 'max-w-3xl' : 'max-w-5xl',
          spacing === 'loose' ? 'gap-8' : 'gap-6',
        )}
      >
        <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
          <Link to={paths.dashboard.getHref()}>
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        {title === undefined ? null : (
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
            <p className="mt-1 text-base text-muted-foreground">{description}</p>
          </div>
        )}
        {children}
      </main>
    </PortalLayout>
  );
}
