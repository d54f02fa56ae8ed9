import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

/** Ways to reach someone (phone, e-mail, address...), one ContactItem each. */
export function ContactList({ className, ...props }: ComponentProps<'dl'>) {
  return (
    <dl
      data-slot="contact-list"
      className={cn('flex flex-col gap-3 text-sm', className)}
      {...props}
    />
  );
}

/**
 * One way to reach someone: what it is (with its icon) over the value, a link mostly. The icon
 * sits in the <dt>: a <dl>'s groups may hold only <dt> and <dd>.
 */
export function ContactItem({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div data-slot="contact-item" className="flex min-w-0 flex-col gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {label}
      </dt>
      <dd className="min-w-0 pl-5 text-foreground">{children}</dd>
    </div>
  );
}
