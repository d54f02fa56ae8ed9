import { ConsolePage } from '../components/console-page.js';
import { MailboxSection } from '../components/mail/mailbox-section.js';
import { NotDeliveredSection } from '../components/mail/not-delivered-section.js';

/**
 * `/staff/mail` (administrators): the notifications not delivered, to send again, and the local
 * mailbox that takes the e-mail of a server without SMTP_URL (npm start), to read.
 */
export function MailPage() {
  return (
    <ConsolePage
      title="Mail"
      description="The e-mail the portal sends students and staff, and what could not be delivered."
    >
      <NotDeliveredSection />
      <MailboxSection />
    </ConsolePage>
  );
}
