import type { ReactNode } from 'react';
import { waitsOnStudent } from '../../../shared/document-requests.js';
import { useApplications } from '../../features/applications/api/get-applications.js';
import { DashboardShell } from '../../features/dashboard/components/dashboard-shell.js';
import { useDocumentRequests } from '../../features/documents/api/get-document-requests.js';
import { ActionRequiredCard } from '../../features/documents/components/action-required-card.js';
import { DueDateLabel } from '../../features/documents/components/due-date-label.js';
import { WaitTimesSection } from '../../features/visa-wait-times/components/wait-times-section.js';

/**
 * /dashboard: the dashboard feature's page, with the documents asked of the student (which its
 * next step weighs first) and the consulate wait times in their slots. A failed read of the
 * requests counts as none, so the next step still shows.
 */
export default function DashboardRoute() {
  const requests = useDocumentRequests();
  const actionRequired = useActionRequired();
  return (
    <DashboardShell
      documentRequests={requests.data ?? (requests.isError ? [] : null)}
      dueLabel={(dueDate) => <DueDateLabel dueDate={dueDate} />}
      actionRequired={actionRequired.card}
      actionRequiredPending={actionRequired.pending}
      waitTimes={(id) => <WaitTimesSection id={id} />}
    />
  );
}

/**
 * "Action required", each request named with its application's university, and whether it still
 * waits on a read (the card grows a line when a university's name lands). The applications are
 * read only once something waits on the student: most dashboard visits need no more than the
 * requests.
 */
function useActionRequired(): { card: ReactNode; pending: boolean } {
  const requests = useDocumentRequests();
  const waiting = requests.data?.some((request) => waitsOnStudent(request.state)) === true;
  const applications = useApplications({ enabled: waiting });
  return {
    pending: requests.isLoading || applications.isLoading,
    card: requests.data ? (
      <ActionRequiredCard
        requests={requests.data}
        universityOf={(applicationId) =>
          applications.data?.find((application) => application.id === applicationId)?.university ??
          null
        }
      />
    ) : null,
  };
}
