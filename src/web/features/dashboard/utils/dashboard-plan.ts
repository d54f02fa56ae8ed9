import { waitsOnStudent, type TDocumentRequest } from '../../../../shared/document-requests.js';
import type { TaskState } from '../../../lib/status-display.js';
import type { DashboardStatus } from './applicant-status.js';

/** The dashboard's task cards, in the order a student meets them (the visa roadmap's). */
export type TaskId = 'moi' | 'i20' | 'sevis' | 'visa';

export interface DashboardTask {
  id: TaskId;
  state: TaskState;
  /** Why it cannot start yet, or what the school is doing; null when the state says it all. */
  reason: string | null;
}

/**
 * The one thing the student should do now: a document their school asked for (the earliest due,
 * with how many more wait), the first task they can do, or nothing but waiting (and for what).
 */
export type NextStep =
  | { kind: 'document'; request: TDocumentRequest; more: number }
  | { kind: 'task'; task: Exclude<TaskId, 'i20'> }
  | { kind: 'wait'; reason: string };

export interface DashboardPlan {
  nextStep: NextStep;
  tasks: DashboardTask[];
}

export const TASK_REASONS = {
  moiInReview: 'Your school is reviewing your recorded interview.',
  i20InProgress:
    'Your school issues your I-20 once your admission is confirmed. It typically takes 1-2 weeks after admission confirmation.',
  sevisNeedsI20: 'You will need the SEVIS ID from your I-20 to pay the fee.',
  /** Spec section 4: the visa appointment card says the SEVIS fee must be paid first. */
  visaNeedsSevis: 'The SEVIS fee must be paid before you schedule your visa appointment.',
} as const;

const task = (id: TaskId, state: TaskState, reason: string | null = null): DashboardTask => ({
  id,
  state,
  reason,
});

function moiTask(status: DashboardStatus): DashboardTask | null {
  if (!status.requireMoi) return null;
  if (status.moiStatus === 'Submitted') return task('moi', 'done');
  if (status.moiStatus === 'Pending') {
    return task('moi', 'waiting-on-school', TASK_REASONS.moiInReview);
  }
  return task('moi', 'to-do');
}

/** Each task's plain state, read from the student's record. */
export function dashboardTasks(status: DashboardStatus): DashboardTask[] {
  const tasks: (DashboardTask | null)[] = [
    moiTask(status),
    status.i20Issued
      ? task('i20', 'done')
      : task('i20', 'waiting-on-school', TASK_REASONS.i20InProgress),
    status.sevisPaid
      ? task('sevis', 'done')
      : status.i20Issued
        ? task('sevis', 'to-do')
        : task('sevis', 'cannot-start', TASK_REASONS.sevisNeedsI20),
    status.sevisPaid
      ? task('visa', 'to-do')
      : task('visa', 'cannot-start', TASK_REASONS.visaNeedsSevis),
  ];
  return tasks.filter((t) => t !== null);
}

/** The earliest due first (a request without a due date after every dated one), then the oldest. */
function byUrgency(a: TDocumentRequest, b: TDocumentRequest): number {
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return a.createdAt.localeCompare(b.createdAt) || a.id - b.id;
}

/**
 * What the dashboard puts first: the documents the school waits for come before everything, since
 * the school can do nothing else for the student until it has them; then the first task, in
 * order, that the student can do; otherwise what they are waiting for.
 */
export function planDashboard(
  status: DashboardStatus,
  requests: readonly TDocumentRequest[],
): DashboardPlan {
  const tasks = dashboardTasks(status);
  const waiting = requests.filter((request) => waitsOnStudent(request.state)).sort(byUrgency);
  const [first] = waiting;
  if (first)
    return { nextStep: { kind: 'document', request: first, more: waiting.length - 1 }, tasks };
  const toDo = tasks.find((t) => t.state === 'to-do');
  if (toDo && toDo.id !== 'i20') return { nextStep: { kind: 'task', task: toDo.id }, tasks };
  const onSchool = tasks.find((t) => t.state === 'waiting-on-school');
  return {
    nextStep: { kind: 'wait', reason: onSchool?.reason ?? TASK_REASONS.i20InProgress },
    tasks,
  };
}
