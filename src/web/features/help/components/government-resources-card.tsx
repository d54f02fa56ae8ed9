import { Landmark } from 'lucide-react';
import { US_GOVERNMENT_RESOURCES } from '../../../../shared/help.js';
import { HelpCard } from './help-card.js';
import { SiteLink } from './site-link.js';

/** Spec section 2, "/help": the US government's own sites, for answers from the source. */
export function GovernmentResourcesCard() {
  return (
    <HelpCard id="government" title="US Government Resources" icon={Landmark}>
      <p>Official sites only: visa rules and fees come from these, never from a third party.</p>
      <ul className="flex flex-col gap-3">
        {US_GOVERNMENT_RESOURCES.map((resource) => (
          <li key={resource.href} className="flex flex-col gap-0.5">
            <SiteLink href={resource.href}>{resource.title}</SiteLink>
            <span>{resource.description}</span>
          </li>
        ))}
      </ul>
    </HelpCard>
  );
}
