import { Landmark } from 'lucide-react';
import { US_GOVERNMENT_RESOURCES } from '../../../../shared/help.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { HelpCard } from './help-card.js';

/** Spec section 2, "/help": the US government's own sites, for answers from the source. */
export function GovernmentResourcesCard() {
  return (
    <HelpCard id="government" title="US Government Resources" icon={Landmark}>
      <p>Official sites only: visa rules and fees come from these, never from a third party.</p>
      <ul className="flex flex-col gap-3">
        {US_GOVERNMENT_RESOURCES.map((resource) => (
          <li key={resource.href} className="flex flex-col gap-0.5">
            <TextLink
              wrap="anywhere"
              asChild
              className="inline-flex items-center gap-1 [&_svg]:size-3.5"
            >
              <NewTabLink href={resource.href}>{resource.title}</NewTabLink>
            </TextLink>
            <span>{resource.description}</span>
          </li>
        ))}
      </ul>
    </HelpCard>
  );
}
