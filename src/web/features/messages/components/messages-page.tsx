import { PortalPage } from '../../../components/layouts/portal-page.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { ComposeMessageForm } from './compose-message-form.js';
import { MessageFeed } from './message-feed.js';

/**
 * /messages (spec section 2): the inbox, with what the student sent among it, and a new message
 * to one of the four university offices. Older messages show their date, not weeks (spec 9).
 */
export function MessagesPage() {
  useDocumentTitle('Messages');
  return (
    <PortalPage
      title="Messages"
      description="Messages from your university, and the ones you have sent to its offices."
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section aria-labelledby="inbox-title" className="flex min-w-0 flex-col gap-3">
          <h2 id="inbox-title" className="text-xl font-bold tracking-tight">
            Inbox
          </h2>
          <MessageFeed
            label="Messages"
            afterAWeek="date"
            empty={
              <>
                <p className="font-semibold text-foreground">No messages yet</p>
                <p>When your university writes to you, the message will appear here.</p>
              </>
            }
          />
        </section>
        <Card aria-labelledby="compose-title" role="region" className="gap-4 p-5 sm:p-6">
          <CardHeader>
            <CardTitle id="compose-title">New Message</CardTitle>
            <CardDescription>Write to one of your university&apos;s offices.</CardDescription>
          </CardHeader>
          <ComposeMessageForm />
        </Card>
      </div>
    </PortalPage>
  );
}
