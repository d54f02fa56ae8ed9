import { Slot } from './slot.js';
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

/**
 * A way to reach someone that opens the phone's dialer, mail or chat app: the whole row is the
 * link, full width and at least 44px tall, so a thumb cannot miss it. The value is the link's
 * name; with `asChild` it gives its look to the single child (a NewTabLink for a chat).
 */
export function ContactLink({
  className,
  asChild = false,
  ...props
}: ComponentProps<'a'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : 'a';
  return (
    <Comp
      data-slot="contact-link"
      className={cn(
        'flex min-h-11 w-full items-center gap-2 rounded-lg border border-border bg-card px-3 py-2',
        'font-semibold wrap-anywhere text-link hover:bg-muted hover:text-link-hover',
        'focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none',
        '[&_svg]:ml-auto [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}
