import { Briefcase, Mail, MapPin, Phone, UserRound } from 'lucide-react';
import {
  HELP_MESSAGES,
  type TAgency,
  type TAgencyDetailsResponse,
  type TAgent,
} from '../../../../shared/help.js';
import { ContactItem, ContactLink, ContactList } from '../../../components/ui/contact-list.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { telHref } from '../../../lib/contact-links.js';
import { HelpCard } from './help-card.js';
import { OrganisationLogo } from './organisation-logo.js';
import { SocialLinks } from './social-links.js';

function AgencyDetails({ agency, agent }: { agency: TAgency | null; agent: TAgent | null }) {
  const location = agency ? [agency.City, agency.State, agency.Country].filter(Boolean) : [];
  return (
    <>
      {agency ? (
        <>
          <div className="flex items-center gap-3">
            <OrganisationLogo url={agency.Logo} name={agency['Company Name']} />
            <h3 className="min-w-0 text-base font-semibold break-words text-foreground">
              {agency['Company Name']}
            </h3>
          </div>
          <ContactList>
            {agency['Phone Number'] ? (
              <ContactItem icon={Phone} label="Phone">
                <ContactLink href={telHref(agency['Phone Number'])}>
                  {agency['Phone Number']}
                </ContactLink>
              </ContactItem>
            ) : null}
            {agency['Public Email'] ? (
              <ContactItem icon={Mail} label="Email">
                <ContactLink href={`mailto:${agency['Public Email']}`}>
                  {agency['Public Email']}
                </ContactLink>
              </ContactItem>
            ) : null}
            {location.length > 0 ? (
              <ContactItem icon={MapPin} label="Location">
                {location.join(', ')}
              </ContactItem>
            ) : null}
          </ContactList>
          {agency['Business Services'].length > 0 ? (
            <div className="flex flex-col gap-1.5">
              <h4 className="text-xs font-medium text-muted-foreground">Services</h4>
              <ul className="list-disc pl-5 text-foreground">
                {agency['Business Services'].map((service) => (
                  <li key={service}>{service}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <SocialLinks
            name={agency['Company Name']}
            links={[
              { label: 'Website', href: agency.Website },
              { label: 'Facebook', href: agency.Facebook },
              { label: 'Instagram', href: agency.Instagram },
              { label: 'Twitter', href: agency.Twitter },
            ]}
          />
        </>
      ) : null}
      {agent ? (
        <ContactList className="rounded-xl bg-muted px-3 py-3">
          <ContactItem icon={UserRound} label="Your agent">
            <span className="font-semibold">
              {agent['First Name']} {agent['Last Name']}
            </span>
          </ContactItem>
          {agent['phone number'] ? (
            <ContactItem icon={Phone} label="Agent's phone">
              <ContactLink href={telHref(agent['phone number'])}>
                {agent['phone number']}
              </ContactLink>
            </ContactItem>
          ) : null}
        </ContactList>
      ) : null}
    </>
  );
}

/**
 * The agency card of spec section 2, "/help", once its first read has settled: the agency and
 * agent, that there is none, or what failed, and loading again after Try Again.
 */
export function AgencyCard({
  details,
  error,
  onRetry,
}: {
  details: TAgencyDetailsResponse | undefined;
  error: Error | null;
  onRetry: () => void;
}) {
  return (
    <HelpCard id="agency" title="Your Agency" icon={Briefcase}>
      {details ? (
        details.agency || details.agent ? (
          <AgencyDetails agency={details.agency} agent={details.agent} />
        ) : (
          <div className="flex flex-col gap-1">
            <p className="font-semibold text-foreground">{HELP_MESSAGES.noAgency}</p>
            <p>
              You enrolled directly with your school, without an agency. For help with your
              application, contact your university or our support team.
            </p>
          </div>
        )
      ) : error ? (
        <LoadFailedAlert title={error.message} onRetry={onRetry} />
      ) : (
        <LoadingStatus>Loading your agency…</LoadingStatus>
      )}
    </HelpCard>
  );
}
