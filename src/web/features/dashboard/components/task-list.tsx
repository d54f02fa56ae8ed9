import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.js';
import type { DashboardStatus } from '../utils/applicant-status.js';
import type { DashboardTask } from '../utils/dashboard-plan.js';
import { I20Card } from './i20-card.js';
import { MoiCard } from './moi-card.js';
import { SevisCard } from './sevis-card.js';
import { VisaAppointmentCard } from './visa-appointment-card.js';

/** One task's card (spec section 2, "Task cards"). */
function TaskFor({
  task,
  status,
  moiLoading,
  waitTimesId,
}: {
  task: DashboardTask;
  status: DashboardStatus;
  moiLoading: boolean;
  waitTimesId: string;
}): ReactNode {
  switch (task.id) {
    case 'moi':
      return <MoiCard task={task} status={status.moiStatus} loading={moiLoading} />;
    case 'i20':
      return <I20Card task={task} issued={status.i20Issued} documentUrl={status.i20DocumentUrl} />;
    case 'sevis':
      return <SevisCard task={task} paid={status.sevisPaid} i20Issued={status.i20Issued} />;
    case 'visa':
      return (
        <VisaAppointmentCard task={task} sevisPaid={status.sevisPaid} waitTimesId={waitTimesId} />
      );
  }
}

const TASK_PLACEHOLDERS = 3;

/**
 * The task cards, each with where it stands: the open ones in order, the finished ones folded
 * away under one line (opened with a tap or Enter). Until the record loads (`status` null),
 * placeholders of their size.
 */
export function TaskList({
  status,
  tasks,
  loading,
  moiLoading,
  waitTimesId,
}: {
  status: DashboardStatus | null;
  tasks: DashboardTask[];
  loading: boolean;
  moiLoading: boolean;
  waitTimesId: string;
}) {
  const open = tasks.filter((task) => task.state !== 'done');
  const done = tasks.filter((task) => task.state === 'done');
  const card = (task: DashboardTask) =>
    status ? (
      <TaskFor
        key={task.id}
        task={task}
        status={status}
        moiLoading={moiLoading}
        waitTimesId={waitTimesId}
      />
    ) : null;
  return (
    <section aria-labelledby="tasks-title" className="flex flex-col gap-4">
      <h2 id="tasks-title" className="text-xl font-bold tracking-tight">
        Your tasks
      </h2>
      {status ? (
        <div className="grid gap-4 md:grid-cols-2">{open.map(card)}</div>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {Array.from({ length: TASK_PLACEHOLDERS }, (_, i) => (
            <Skeleton key={i} pulse={loading} className="h-48 rounded-2xl" />
          ))}
        </div>
      )}
      {done.length > 0 ? (
        <details className="group rounded-2xl border border-border bg-card">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 py-3 font-semibold outline-none focus-visible:ring-3 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            Finished tasks ({done.length})
            <ChevronDown
              className="size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
              aria-hidden="true"
            />
          </summary>
          <div className="grid gap-4 p-4 pt-0 md:grid-cols-2">{done.map(card)}</div>
        </details>
      ) : null}
    </section>
  );
}
