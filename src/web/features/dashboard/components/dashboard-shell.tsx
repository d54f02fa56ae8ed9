import type { ReactNode } from 'react';
import { PortalLayout } from '../../../components/layouts/portal-layout.js';
import { UnreadMessagesNotice } from '../../../components/unread-messages-notice.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useAuth } from '../../../lib/auth.js';
import { useApplicantData } from '../api/get-applicant-data.js';
import { toDashboardStatus } from '../utils/applicant-status.js';
import { I20Card } from './i20-card.js';
import { MoiCard } from './moi-card.js';
import { SevisCard } from './sevis-card.js';
import { StatusOverview } from './status-overview.js';
import { VisaAppointmentCard } from './visa-appointment-card.js';
import { WelcomeCard } from './welcome-card.js';

const WAIT_TIMES_ID = 'consulate-wait-times';

/**
 * The student's home (spec section 2, "/dashboard"): header, welcome and school, what waits on
 * the student, the status overview, the task cards, and the consulate wait times. Until the
 * applicant data arrives (and if it never does) the cards show the defaults of spec section 4.
 *
 * The wait times belong to the visa-wait-times feature and "Action required" to the documents
 * feature: the app's route hands them in (the wait times drawn under the id the visa appointment
 * card links to), so this feature never reaches into another.
 */
export function DashboardShell({
  actionRequired,
  waitTimes,
}: {
  /** The documents asked of the student, right under the welcome: nothing when none waits. */
  actionRequired: ReactNode;
  waitTimes: (id: string) => ReactNode;
}) {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const applicant = useApplicantData();
  const status = toDashboardStatus(applicant.data);
  // Refetching a record already shown (after the MOI page invalidated it, say): the MOI status
  // may be changing, so it reads 'Loading…' until the new answer lands (spec section 4).
  const moiLoading = applicant.isFetching && applicant.data !== undefined;

  return (
    <PortalLayout>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-10 px-4 py-8 sm:px-6 sm:py-10">
        <WelcomeCard
          firstName={user?.firstName ?? null}
          fallbackName={user ? `${user.firstName} ${user.lastName}`.trim() : null}
          status={status}
          loading={applicant.isLoading}
        />
        <UnreadMessagesNotice />
        {actionRequired}
        <StatusOverview
          status={status}
          loading={applicant.isLoading}
          loaded={applicant.isSuccess}
          moiLoading={moiLoading}
        />
        <section aria-labelledby="next-steps-title" className="flex flex-col gap-4">
          <h2 id="next-steps-title" className="text-xl font-bold tracking-tight">
            Your Next Steps
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            {status.requireMoi ? <MoiCard status={status.moiStatus} loading={moiLoading} /> : null}
            <I20Card issued={status.i20Issued} documentUrl={status.i20DocumentUrl} />
            <SevisCard paid={status.sevisPaid} />
            <VisaAppointmentCard sevisPaid={status.sevisPaid} waitTimesId={WAIT_TIMES_ID} />
          </div>
        </section>
        {waitTimes(WAIT_TIMES_ID)}
      </main>
    </PortalLayout>
  );
}
