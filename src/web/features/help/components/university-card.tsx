import { CircleAlert, Mail, MapPin, MessageCircle, Phone, School } from 'lucide-react';
import { HELP_MESSAGES, type TUniversityDetails } from '../../../../shared/help.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { ContactItem, ContactLink, ContactList } from '../../../components/ui/contact-list.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { telHref, whatsappHref } from '../../../lib/contact-links.js';
import { useUniversityDetails } from '../api/get-university-details.js';
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

/** The university card of spec section 2, "/help", with the states of spec section 8. */
export function UniversityCard() {
  const details = useUniversityDetails();
  return (
    <HelpCard id="university" title="Your University" icon={School}>
      {details.data ? (
        details.data.school ? (
          <UniversityDetails school={details.data.school} />
        ) : (
          <p>{HELP_MESSAGES.noUniversity}</p>
        )
      ) : details.isError ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{HELP_MESSAGES.universityUnavailable}</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-2">
            <span>{details.error.message}.</span>
            <span>{HELP_MESSAGES.contactUniversity}.</span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void details.refetch()}
            >
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
