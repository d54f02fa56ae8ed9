import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { cn } from '../../../lib/cn.js';

/** The frame of one task card: icon, title (an h3 under "Your Next Steps"), badge, body. */
export function TaskCard({
  id,
  title,
  icon: Icon,
  badge,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  badge: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-title`;
  return (
    <Card role="group" aria-labelledby={headingId} className={cn('gap-4 p-5 sm:p-6', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <CardTitle as="h3" id={headingId}>
            {title}
          </CardTitle>
        </div>
        {badge}
      </div>
      <div className="flex flex-1 flex-col gap-4 text-sm leading-relaxed text-muted-foreground">
        {children}
      </div>
    </Card>
  );
}
