import { Siren } from 'lucide-react';
import { Link } from 'react-router';
import { TextLink } from '../../../components/ui/text-link.js';
import { paths } from '../../../config/paths.js';
import { HelpCard } from './help-card.js';

/** Spec section 2, "/help": who to call when something goes wrong, in the order to call them. */
export function EmergencyContactCard() {
  return (
    <HelpCard id="emergency" title="In an Emergency" icon={Siren}>
      <ul className="flex list-disc flex-col gap-2 pl-5">
        <li>
          In the United States, for police, fire or an ambulance, call{' '}
          <TextLink wrap="anywhere" href="tel:911">
            911
          </TextLink>
          .
        </li>
        <li>
          For anything about your F-1 status, contact your school&apos;s international student
          office (your Designated School Official) using the university details above.
        </li>
        <li>
          If your passport is lost or stolen, contact your own country&apos;s embassy or consulate.
        </li>
        <li>
          Keep your own emergency contact up to date in your{' '}
          <TextLink wrap="anywhere" asChild>
            <Link to={paths.profile.getHref()}>profile</Link>
          </TextLink>
          , so your school can reach your family.
        </li>
      </ul>
    </HelpCard>
  );
}
