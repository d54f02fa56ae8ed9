import { CircleCheck, CircleDashed, Clock, CircleArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { cn } from '../../../lib/cn.js';
import { TASK_STATE_DISPLAY, type TaskState } from '../../../lib/status-display.js';
import type { DashboardTask } from '../utils/dashboard-plan.js';

const STATE_ICONS: Record<TaskState, LucideIcon> = {
  done: CircleCheck,
  'to-do': CircleArrowRight,
  'waiting-on-school': Clock,
  'cannot-start': CircleDashed,
};

const STATE_TEXT: Record<TaskState, string> = {
  done: 'text-green-800',
  'to-do': 'text-amber-900',
  'waiting-on-school': 'text-primary-soft-foreground',
  'cannot-start': 'text-slate-700',
};

/** Where the task stands, in plain words, and why when it cannot start or waits on the school. */
function PlainState({ task }: { task: DashboardTask }) {
  const Icon = STATE_ICONS[task.state];
  return (
    <p data-slot="task-state" className={cn('flex items-start gap-2', STATE_TEXT[task.state])}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-semibold">{TASK_STATE_DISPLAY[task.state].word}</span>
        {task.reason ? <span className="text-foreground">: {task.reason}</span> : null}
      </span>
    </p>
  );
}

/**
 * The frame of one task card: icon, title (an h3 under "Your tasks"), badge, where the task
 * stands, body. Its actions are never the page's primary one: that is the next step's.
 */
export function TaskCard({
  task,
  title,
  icon: Icon,
  badge,
  children,
  className,
}: {
  task: DashboardTask;
  title: string;
  icon: LucideIcon;
  badge: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${task.id}-card-title`;
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
        <PlainState task={task} />
        {children}
      </div>
    </Card>
  );
}
