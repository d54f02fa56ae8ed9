import { CircleAlert, Mail, MapPin, MessageCircle, Phone, School } from 'lucide-react';
import {
  HELP_MESSAGES,
  type TUniversityDetails,
  type TUniversityDetailsResponse,
} from '../../../../shared/help.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { ContactItem, ContactLink, ContactList } from '../../../components/ui/contact-list.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { telHref, whatsappHref } from '../../../lib/contact-links.js';
import { truncateMission } from '../utils/truncate-mission.js';
import { HelpCard } from './help-card.js';
import { OrganisationLogo } from './organisation-logo.js';
import { SocialLinks } from './social-links.js';

function UniversityDetails({ school }: { school: TUniversityDetails }) {
  const kind = [school['Institution Type'], school['Institution Size']].filter(Boolean).join(' · ');
  const cityLine = [
    school['City Location'],
    [school.State, school['ZIP Code']].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const address = [school['Address Line 1'], cityLine, school.Country].filter(Boolean);
  return (
    <>
      <div className="flex items-center gap-3">
        <OrganisationLogo url={school.Logo} name={school.Name} />
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-foreground">{school.Name}</h3>
          {kind ? <p>{kind}</p> : null}
        </div>
      </div>
      {school.Mission?.trim() ? <p>{truncateMission(school.Mission)}</p> : null}
      <ContactList>
        {school['Phone Number'] ? (
          <ContactItem icon={Phone} label="Phone">
            <ContactLink href={telHref(school['Phone Number'])}>
              {school['Phone Number']}
            </ContactLink>
          </ContactItem>
        ) : null}
        {school.inbound_email_address ? (
          <ContactItem icon={Mail} label="Email">
            <ContactLink href={`mailto:${school.inbound_email_address}`}>
              {school.inbound_email_address}
            </ContactLink>
          </ContactItem>
        ) : null}
        {school.whatsapp_number ? (
          <ContactItem icon={MessageCircle} label="WhatsApp">
            <ContactLink asChild>
              <NewTabLink href={whatsappHref(school.whatsapp_number)} showIcon={false}>
                {school.whatsapp_number}
              </NewTabLink>
            </ContactLink>
          </ContactItem>
        ) : null}
        {address.length > 0 ? (
          <ContactItem icon={MapPin} label="Address">
            <address className="not-italic">
              {address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </ContactItem>
        ) : null}
      </ContactList>
      <SocialLinks
        name={school.Name}
        links={[
          { label: 'Website', href: school.Website },
          { label: 'Facebook', href: school.Facebook },
          { label: 'Instagram', href: school.Instagram },
          { label: 'Twitter', href: school.Twitter },
        ]}
      />
    </>
  );
}

/**
 * The university card of spec section 2, "/help", once its first read has settled: the school, or
 * the states of spec section 8, and loading again after Try Again.
 */
export function UniversityCard({
  details,
  error,
  onRetry,
}: {
  details: TUniversityDetailsResponse | undefined;
  error: Error | null;
  onRetry: () => void;
}) {
  return (
    <HelpCard id="university" title="Your University" icon={School}>
      {details ? (
        details.school ? (
          <UniversityDetails school={details.school} />
        ) : (
          <p>{HELP_MESSAGES.noUniversity}</p>
        )
      ) : error ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{HELP_MESSAGES.universityUnavailable}</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-2">
            <span>{error.message}.</span>
            <span>{HELP_MESSAGES.contactUniversity}.</span>
            <Button type="button" variant="outline" size="sm" onClick={onRetry}>
              Try Again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <LoadingStatus>Loading your university…</LoadingStatus>
      )}
    </HelpCard>
  );
}
