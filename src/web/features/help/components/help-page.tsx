import { PortalPage } from '../../../components/layouts/portal-page.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { AgencyCard } from './agency-card.js';
import { EmergencyContactCard } from './emergency-contact-card.js';
import { GovernmentResourcesCard } from './government-resources-card.js';
import { SupportCard } from './support-card.js';
import { UniversityCard } from './university-card.js';

/** /help (spec section 2): who can help with what, from the school to the US government. */
export function HelpPage() {
  useDocumentTitle('Help and Support');
  return (
    <PortalPage
      title="Help and Support"
      description="Your university, your agency, our support team and the official US government sites."
    >
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <UniversityCard />
        <AgencyCard />
        <SupportCard />
        <EmergencyContactCard />
        <div className="md:col-span-2">
          <GovernmentResourcesCard />
        </div>
      </div>
    </PortalPage>
  );
}
