import { onlineManager } from '@tanstack/react-query';
import { Fragment, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { TDocumentRequest } from '../../../../shared/document-requests.js';
import { PortalLayout } from '../../../components/layouts/portal-layout.js';
import { UnreadMessagesNotice } from '../../../components/unread-messages-notice.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useMessages } from '../../../hooks/use-messages.js';
import { useAuth } from '../../../lib/auth.js';
import { useApplicantData } from '../api/get-applicant-data.js';
import { toDashboardStatus } from '../utils/applicant-status.js';
import { dashboardTasks, planDashboard } from '../utils/dashboard-plan.js';
import { NextStepCard } from './next-step-card.js';
import { RecordState } from './record-state.js';
import { SchoolCard } from './school-card.js';
import { StatusOverview } from './status-overview.js';
import { TaskList } from './task-list.js';
import { WelcomeHeading } from './welcome-heading.js';

const WAIT_TIMES_ID = 'consulate-wait-times';

/**
 * Whether the query layer thinks the browser is online (it follows the browser's online and
 * offline events): read from the library the page already loads rather than the pwa feature's.
 */
function useQueriesOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
}

/**
 * The student's home (spec section 2, "/dashboard"): the one next step first, with the page's
 * only primary action, then what waits on the student, the status overview, the tasks with where
 * each stands, the school card, and the consulate wait times. Until the applicant data arrives
 * (and if it never does) the spec's defaults (section 4) are drawn as placeholders, never as
 * facts, and a line at the top says whether the record is loading, failed, or how old it is.
 *
 * Nothing moves as the reads land (docs/performance.md, layout shift): the parts whose size the
 * reads decide (the next step, the unread messages, "Action required") come in together, once the
 * record, the document requests and the messages have all settled, with a fresh drawing of every
 * part under the next step, which until then shows its placeholders. A part drawn anew is not a
 * part that moved; the placeholders pushed down would be.
 *
 * The wait times belong to the visa-wait-times feature and the document requests to the documents
 * feature: the app's route hands them in (the wait times drawn under the id the visa appointment
 * card links to), so this feature never reaches into another.
 */
export function DashboardShell({
  documentRequests,
  dueLabel,
  actionRequired,
  actionRequiredPending,
  waitTimes,
}: {
  /** What the school asked the student for; null until known (a failed read is none). */
  documentRequests: readonly TDocumentRequest[] | null;
  /** When a requested document is due, in the documents feature's words. */
  dueLabel: (dueDate: string) => ReactNode;
  /** The documents asked of the student, under the next step: nothing when none waits. */
  actionRequired: ReactNode;
  /** Whether what `actionRequired` shows is still being read. */
  actionRequiredPending: boolean;
  waitTimes: (id: string) => ReactNode;
}) {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const online = useQueriesOnline();
  const applicant = useApplicantData();
  const messages = useMessages();
  const read = applicant.data ?? null;
  const status = read ? toDashboardStatus(read.record) : null;
  // A record already shown read again because it changed (the MOI page invalidated it): its MOI
  // status may be changing, so it reads 'Loading…' until the new answer lands (spec section 4).
  const moiLoading = read !== null && applicant.isFetching && applicant.isStale;
  // The worker's copy stands in while the server cannot be reached: back online, read afresh.
  const refetch = applicant.refetch;
  const showingCopy = read?.offlineCopy === true;
  useEffect(() => {
    if (online && showingCopy) void refetch();
  }, [online, showingCopy, refetch]);
  const nextStep =
    status && documentRequests ? planDashboard(status, documentRequests).nextStep : null;
  // The record read or failed (a read not started yet is neither); isLoading for the messages: a
  // read that never runs (no messages for this session) waits for nothing.
  const settled =
    (read !== null || applicant.isError) &&
    documentRequests !== null &&
    !messages.isLoading &&
    !actionRequiredPending;
  // What the parts draw: the record once everything has settled, their placeholders until then.
  const drawn = settled ? status : null;
  const drawnLoading = !settled && !applicant.isError;

  return (
    <PortalLayout>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-8 px-4 py-6 sm:px-6 sm:py-10">
        <WelcomeHeading firstName={user?.firstName ?? null} />
        <RecordState
          failed={applicant.isError}
          readAt={read?.readAt ?? null}
          stale={read !== null && (read.offlineCopy || !online)}
          onRetry={() => void applicant.refetch()}
        />
        <NextStepCard
          step={settled ? nextStep : null}
          loading={drawnLoading}
          waitTimesId={WAIT_TIMES_ID}
          dueLabel={dueLabel}
        />
        <Fragment key={settled ? 'settled' : 'loading'}>
          {settled ? (
            <>
              <UnreadMessagesNotice />
              {actionRequired}
            </>
          ) : null}
          <StatusOverview status={drawn} loading={drawnLoading} moiLoading={moiLoading} />
          <TaskList
            status={drawn}
            tasks={drawn ? dashboardTasks(drawn) : []}
            loading={drawnLoading}
            moiLoading={moiLoading}
            waitTimesId={WAIT_TIMES_ID}
          />
          <SchoolCard
            fallbackName={user ? `${user.firstName} ${user.lastName}`.trim() : null}
            status={drawn}
            loading={drawnLoading}
          />
        </Fragment>
        {waitTimes(WAIT_TIMES_ID)}
      </main>
    </PortalLayout>
  );
}
