import { ApplicationsPage } from '../../features/applications/components/applications-page.js';
import { AcceptedDocumentsCount } from '../../features/documents/components/accepted-documents-count.js';

/** /applications: the applications feature's page, each card with its documents' count. */
export default function ApplicationsRoute() {
  return (
    <ApplicationsPage
      documentsSummary={(application) => <AcceptedDocumentsCount applicationId={application.id} />}
    />
  );
}
