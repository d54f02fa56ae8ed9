import { ExternalLink, Mail, Upload } from 'lucide-react';
import { withHttps } from '../../../../shared/applicant-data.js';
import type { TApplication } from '../../../../shared/applications.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';

/**
 * The detail page's quick actions (spec section 2): 'Upload Documents' opens the file picker of
 * the documents area; 'University Portal' opens the school's portal in a new tab, and is
 * disabled when the school has none; 'Contact Admissions' writes an e-mail to admissions, or,
 * when there is no address, takes the student to the messages about this application.
 */
export function QuickActions({
  application,
  onUploadDocuments,
  onContactInApp,
}: {
  application: TApplication;
  onUploadDocuments: () => void;
  onContactInApp: () => void;
}) {
  const { admissionsEmail } = application;
  // The server sends web links only; read through the same rule again, as the dashboard does.
  const portalUrl = withHttps(application.portalUrl);
  return (
    <Card role="region" aria-labelledby="quick-actions-title" className="gap-4 p-6">
      <CardTitle id="quick-actions-title">Quick Actions</CardTitle>
      <div className="flex flex-col gap-2">
        <Button type="button" align="start" onClick={onUploadDocuments}>
          <Upload aria-hidden="true" />
          Upload Documents
        </Button>
        {portalUrl ? (
          <Button asChild variant="outline" align="start">
            <NewTabLink href={portalUrl} showIcon={false}>
              <ExternalLink aria-hidden="true" />
              University Portal
            </NewTabLink>
          </Button>
        ) : (
          <Button type="button" variant="outline" align="start" disabled>
            <ExternalLink aria-hidden="true" />
            University Portal
          </Button>
        )}
        {admissionsEmail ? (
          <Button asChild variant="outline" align="start">
            <a href={`mailto:${admissionsEmail}`}>
              <Mail aria-hidden="true" />
              Contact Admissions
            </a>
          </Button>
        ) : (
          <Button type="button" variant="outline" align="start" onClick={onContactInApp}>
            <Mail aria-hidden="true" />
            Contact Admissions
          </Button>
        )}
      </div>
    </Card>
  );
}
