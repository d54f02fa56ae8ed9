import { useRef, type ReactNode } from 'react';
import { APPLICATION_NOT_FOUND, type TApplication } from '../../../../shared/applications.js';
import { PortalPage } from '../../../components/layouts/portal-page.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { readApiError } from '../../../lib/read-api-error.js';
import { useApplication } from '../api/get-application.js';
import { AdmissionsContactCard } from './admissions-contact-card.js';
import { ApplicationNotFound } from './application-not-found.js';
import { ApplicationStatusCard } from './application-status-card.js';
import { QuickActions } from './quick-actions.js';

const APPLICATION_LOAD_FAILED = 'This application could not be loaded.';

/** What the page shows of other features, given the application once it has loaded. */
export interface ApplicationSlots {
  /** The application's documents, whose file picker 'Upload Documents' opens. */
  documents: (application: TApplication) => ReactNode;
  /** The messages about the application, with 'New Message'. */
  communications: (application: TApplication) => ReactNode;
  onUploadDocuments: () => void;
}

/**
 * /application/{id} (spec section 2): back to the dashboard, the status card, quick actions,
 * the documents, the communications and the admissions contact card. `applicationId` is null
 * when the address holds no valid id; that, an unknown id and another student's id all show
 * 'Application Not Found'.
 */
export function ApplicationDetailPage({
  applicationId,
  ...slots
}: ApplicationSlots & { applicationId: number | null }) {
  return (
    <PortalPage>
      {applicationId === null ? (
        <NotFound />
      ) : (
        <LoadedApplication applicationId={applicationId} {...slots} />
      )}
    </PortalPage>
  );
}

function NotFound() {
  useDocumentTitle(APPLICATION_NOT_FOUND);
  return <ApplicationNotFound />;
}

function LoadedApplication({
  applicationId,
  ...slots
}: ApplicationSlots & { applicationId: number }) {
  const application = useApplication(applicationId);
  const failed = application.data === undefined && application.isError && !application.isFetching;
  const notFound = failed && readApiError(application.error)?.status === 404;
  useDocumentTitle(
    notFound ? APPLICATION_NOT_FOUND : (application.data?.university ?? 'Application'),
  );

  if (application.data) return <ApplicationView application={application.data} {...slots} />;
  if (notFound) return <ApplicationNotFound />;
  if (failed) {
    return (
      <>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Application</h1>
        <LoadFailedAlert
          title={APPLICATION_LOAD_FAILED}
          onRetry={() => void application.refetch()}
        />
      </>
    );
  }
  return <LoadingStatus>Loading your application…</LoadingStatus>;
}

function ApplicationView({
  application,
  documents,
  communications,
  onUploadDocuments,
}: ApplicationSlots & { application: TApplication }) {
  const communicationsRef = useRef<HTMLDivElement>(null);
  return (
    <>
      <div>
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
          {application.university}
        </h1>
        <p className="mt-1 text-base wrap-anywhere text-muted-foreground">{application.program}</p>
      </div>
      {/* On a phone one column, the quick actions right under the status; two columns from lg. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="lg:col-start-1 lg:row-start-1">
          <ApplicationStatusCard application={application} />
        </div>
        <div className="lg:col-start-2 lg:row-start-1">
          <QuickActions
            application={application}
            onUploadDocuments={onUploadDocuments}
            onContactInApp={() => communicationsRef.current?.focus()}
          />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">{documents(application)}</div>
        <div
          ref={communicationsRef}
          tabIndex={-1}
          className="min-w-0 rounded-2xl outline-none focus-visible:ring-3 focus-visible:ring-ring lg:col-start-1 lg:row-start-3"
        >
          {communications(application)}
        </div>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-2">
          <AdmissionsContactCard application={application} />
        </div>
      </div>
    </>
  );
}
