import { Headset, Mail, MessagesSquare } from 'lucide-react';
import { SUPPORT_CHAT_URL, SUPPORT_HOURS } from '../../../../shared/help.js';
import { SUPPORT_EMAIL } from '../../../config/branding.js';
import { Button } from '../../../components/ui/button.js';
import { ContactItem, ContactLink, ContactList } from '../../../components/ui/contact-list.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { HelpCard } from './help-card.js';

/** The product support card of spec section 2, "/help": the support e-mail and live chat. */
export function SupportCard() {
  return (
    <HelpCard id="support" title="Product Support" icon={Headset}>
      <p>
        For problems with this portal: signing in, your passkey, uploads or anything that does not
        work.
      </p>
      <ContactList>
        <ContactItem icon={Mail} label="Email">
          <ContactLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ContactLink>
        </ContactItem>
        <ContactItem icon={MessagesSquare} label="Support hours">
          {SUPPORT_HOURS}
        </ContactItem>
      </ContactList>
      <Button asChild variant="outline" className="w-full sm:w-fit">
        <NewTabLink href={SUPPORT_CHAT_URL}>Live Chat</NewTabLink>
      </Button>
    </HelpCard>
  );
}
