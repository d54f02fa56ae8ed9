import { useState } from 'react';
import { PortalPage } from '../../../components/layouts/portal-page.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useAgencyDetails } from '../api/get-agency-details.js';
import { useUniversityDetails } from '../api/get-university-details.js';
import { AgencyCard } from './agency-card.js';
import { EmergencyContactCard } from './emergency-contact-card.js';
import { GovernmentResourcesCard } from './government-resources-card.js';
import { HelpPageSkeleton } from './help-page-skeleton.js';
import { SupportCard } from './support-card.js';
import { UniversityCard } from './university-card.js';

/**
 * /help (spec section 2): who can help with what, from the school to the US government. The
 * cards come in once both of the student's own reads have first settled, so none moves as they
 * land; a card tried again after a failure shows its own loading line, in its place.
 */
export function HelpPage() {
  useDocumentTitle('Help and Support');
  const university = useUniversityDetails();
  const agency = useAgencyDetails();
  const [settled, setSettled] = useState(false);
  // Set while rendering, React's way to remember something seen in a render (no extra paint).
  if (!settled && !university.isPending && !agency.isPending) setSettled(true);
  return (
    <PortalPage
      title="Help and Support"
      description="Your university, your agency, our support team and the official US government sites."
    >
      {!settled ? (
        <HelpPageSkeleton />
      ) : (
        <div className="grid gap-6 md:grid-cols-2 md:items-start">
          <UniversityCard
            details={university.data}
            error={university.error}
            onRetry={() => void university.refetch()}
          />
          <AgencyCard
            details={agency.data}
            error={agency.error}
            onRetry={() => void agency.refetch()}
          />
          <SupportCard />
          <EmergencyContactCard />
          <div className="md:col-span-2">
            <GovernmentResourcesCard />
          </div>
        </div>
      )}
    </PortalPage>
  );
}
