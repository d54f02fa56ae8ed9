import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardTitle } from '../../../components/ui/card.js';

/** The frame of one card of the help page: a region named by its title, with an icon. */
export function HelpCard({
  id,
  title,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Card role="region" aria-labelledby={titleId} className="gap-4 p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <CardTitle id={titleId}>{title}</CardTitle>
      </div>
      <div className="flex flex-1 flex-col gap-4 text-sm leading-relaxed text-muted-foreground">
        {children}
      </div>
    </Card>
  );
}
