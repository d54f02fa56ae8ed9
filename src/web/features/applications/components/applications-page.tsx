import { GraduationCap } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TApplication } from '../../../../shared/applications.js';
import { PortalPage } from '../../../components/layouts/portal-page.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useApplications } from '../api/get-applications.js';
import { ApplicationCard } from './application-card.js';

const APPLICATIONS_LOAD_FAILED = 'Your applications could not be loaded.';

/**
 * /applications (spec section 2): the student's applications, each with its status, progress
 * and a link to its page; a loading state, a failure with a retry, and an empty state. Under the
 * progress, the app's route hands in how far each application's required documents are along.
 */
export function ApplicationsPage({
  documentsSummary,
}: {
  documentsSummary: (application: TApplication) => ReactNode;
}) {
  useDocumentTitle('Applications');
  const applications = useApplications();

  return (
    <PortalPage
      title="Applications"
      description="Where each of your university applications stands. Open one to upload documents or contact its admissions office."
    >
      {applications.data === undefined ? (
        applications.isError && !applications.isFetching ? (
          <LoadFailedAlert
            title={APPLICATIONS_LOAD_FAILED}
            onRetry={() => void applications.refetch()}
          />
        ) : (
          <LoadingStatus>Loading your applications…</LoadingStatus>
        )
      ) : applications.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border-strong px-4 py-10 text-center text-sm text-muted-foreground">
          <GraduationCap className="size-8" aria-hidden="true" />
          <p className="font-semibold text-foreground">No applications yet</p>
          <p>When you apply to a university, your application will appear here.</p>
        </div>
      ) : (
        <ul aria-label="Your applications" className="grid gap-4 md:grid-cols-2">
          {applications.data.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              documentsSummary={documentsSummary(application)}
            />
          ))}
        </ul>
      )}
    </PortalPage>
  );
}
