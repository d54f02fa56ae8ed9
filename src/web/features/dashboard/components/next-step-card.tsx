import {
  CalendarCheck,
  ClipboardList,
  CreditCard,
  Hourglass,
  Video,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { paths } from '../../../config/paths.js';
import type { NextStep } from '../utils/dashboard-plan.js';
import { SEVIS_FEE_LABEL, SEVIS_PAYMENT_URL } from './sevis-card.js';

interface StepView {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  /** The page's one primary action; none while the student can only wait. */
  action: ReactNode;
}

const moreDocuments = (more: number) =>
  more === 0 ? null : ` ${more} more ${more === 1 ? 'document is' : 'documents are'} listed below.`;

function viewOf(
  step: NextStep,
  waitTimesId: string,
  dueLabel: (dueDate: string) => ReactNode,
): StepView {
  switch (step.kind) {
    case 'document':
      return {
        icon: ClipboardList,
        title: `Upload: ${step.request.title}`,
        text: (
          <>
            <span>
              Your school needs this document before it can go on.
              {moreDocuments(step.more)}
            </span>
            {step.request.dueDate ? dueLabel(step.request.dueDate) : null}
          </>
        ),
        action: (
          <Link to={paths.application.getHref(step.request.applicationId)}>Upload document</Link>
        ),
      };
    case 'task':
      return TASK_VIEWS[step.task](waitTimesId);
    case 'wait':
      return { icon: Hourglass, title: 'Nothing to do right now', text: step.reason, action: null };
  }
}

const TASK_VIEWS: Record<
  Extract<NextStep, { kind: 'task' }>['task'],
  (waitTimesId: string) => StepView
> = {
  moi: () => ({
    icon: Video,
    title: 'Record your MOI interview',
    text: 'Three short questions, answered on camera, to show your school you can study in English.',
    action: (
      <Link to={paths.moi.getHref()}>
        <Video aria-hidden="true" />
        Start MOI Interview
      </Link>
    ),
  }),
  sevis: () => ({
    icon: CreditCard,
    title: 'Pay your SEVIS fee',
    text: `Pay the ${SEVIS_FEE_LABEL} SEVIS I-901 fee with the SEVIS ID printed on your I-20. Keep the receipt.`,
    action: <NewTabLink href={SEVIS_PAYMENT_URL}>Pay SEVIS Fee</NewTabLink>,
  }),
  visa: (waitTimesId) => ({
    icon: CalendarCheck,
    title: 'Schedule your visa appointment',
    text: 'Book your F-1 visa interview at a U.S. embassy or consulate. Compare the wait times first.',
    action: <a href={`#${waitTimesId}`}>Compare consulate wait times</a>,
  }),
};

const FRAME =
  'flex min-h-44 flex-col gap-3 rounded-2xl border-2 border-primary/40 bg-card p-5 shadow-sm sm:p-6';

/**
 * The one thing to do now, first on the page, with the page's only primary action. While the
 * student's record loads (`step` null) it is a placeholder of its size, so nothing below moves.
 */
export function NextStepCard({
  step,
  loading,
  waitTimesId,
  dueLabel,
}: {
  step: NextStep | null;
  /** Still loading (the placeholder pulses), rather than failed to load. */
  loading: boolean;
  waitTimesId: string;
  /** When a document is due, in the documents feature's words. */
  dueLabel: (dueDate: string) => ReactNode;
}) {
  if (!step) {
    return (
      <section aria-labelledby="next-step-title" aria-busy={loading} className={FRAME}>
        <h2 id="next-step-title" className="text-sm font-semibold text-primary uppercase">
          Your next step
        </h2>
        {loading ? (
          <LoadingStatus className="h-7">Loading your latest status…</LoadingStatus>
        ) : (
          <Skeleton pulse={false} className="h-7 w-3/4" />
        )}
        <Skeleton pulse={loading} className="h-4 w-full" />
        <Skeleton pulse={loading} className="mt-auto h-11 w-full rounded-xl sm:w-48" />
      </section>
    );
  }
  const view = viewOf(step, waitTimesId, dueLabel);
  return (
    <section aria-labelledby="next-step-title" className={FRAME}>
      <h2 id="next-step-title" className="text-sm font-semibold text-primary uppercase">
        Your next step
      </h2>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <view.icon className="size-5" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-lg leading-snug font-semibold wrap-anywhere text-foreground">
            {view.title}
          </p>
          <p className="flex flex-col gap-1 text-sm text-muted-foreground">{view.text}</p>
        </div>
      </div>
      {view.action ? (
        <Button asChild className="mt-auto w-full sm:w-fit">
          {view.action}
        </Button>
      ) : null}
    </section>
  );
}
