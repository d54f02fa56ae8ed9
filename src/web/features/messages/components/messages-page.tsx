import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PortalLayout } from '../../../components/layouts/portal-layout.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { paths } from '../../../config/paths.js';
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
    <PortalLayout>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
          <Link to={paths.dashboard.getHref()}>
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Messages</h1>
          <p className="mt-1 text-base text-muted-foreground">
            Messages from your university, and the ones you have sent to its offices.
          </p>
        </div>
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
      </main>
    </PortalLayout>
  );
}
