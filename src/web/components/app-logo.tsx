import { GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../config/branding.js';
import { paths } from '../config/paths.js';
import { cn } from '../lib/cn.js';

/** The product mark and name; a link home unless the page is home already. */
export function AppLogo({
  linked = true,
  compact = false,
  className,
}: {
  linked?: boolean;
  /** On narrow screens show only the mark; the name stays for screen readers. */
  compact?: boolean;
  className?: string;
}) {
  const content = (
    <>
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <GraduationCap className="size-5" aria-hidden="true" />
      </span>
      <span
        className={cn(
          'text-base font-bold tracking-tight text-foreground',
          compact && 'max-sm:sr-only',
        )}
      >
        {PRODUCT_NAME}
      </span>
    </>
  );
  // 44px tall, the mark's 36 and a margin, so the link home is as easy to tap as any control.
  const classes = cn('inline-flex min-h-11 min-w-11 items-center gap-2.5', className);
  if (!linked) return <span className={classes}>{content}</span>;
  return (
    <Link
      to={paths.home.getHref()}
      className={cn(
        classes,
        'rounded-lg focus-visible:ring-3 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
      )}
    >
      {content}
    </Link>
  );
}
