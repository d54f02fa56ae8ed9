import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PortalLayout } from '../../../components/layouts/portal-layout.js';
import { Button } from '../../../components/ui/button.js';
import { paths } from '../../../config/paths.js';
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
    <PortalLayout>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
          <Link to={paths.dashboard.getHref()}>
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Help and Support</h1>
          <p className="mt-1 text-base text-muted-foreground">
            Your university, your agency, our support team and the official US government sites.
          </p>
        </div>
        <div className="grid gap-6 md:grid-cols-2 md:items-start">
          <UniversityCard />
          <AgencyCard />
          <SupportCard />
          <EmergencyContactCard />
          <div className="md:col-span-2">
            <GovernmentResourcesCard />
          </div>
        </div>
      </main>
    </PortalLayout>
  );
}
