import { CircleCheck, SquarePen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PortalPage } from '../../../components/layouts/portal-page.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import type { ComposeStart } from '../utils/reply-draft.js';
import { MessageFeed } from './message-feed.js';
import { NewMessageSheet } from './new-message-sheet.js';

/**
 * /messages (spec section 2): 'New Message' at the top, then the inbox, with what the student
 * sent among it. A new message or a reply is written in a sheet over the page; once sent, the
 * sheet closes and the page says so at its top, brought into view and focused, above the sent
 * message, which leads the list. Older messages show their date, not weeks (spec 9).
 */
export function MessagesPage() {
  useDocumentTitle('Messages');
  const [compose, setCompose] = useState<ComposeStart | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // After the sheet has given focus back to what opened it: the result is where to look now,
    // and focusing it brings it into view.
    if (sentTo !== null) sentRef.current?.focus();
  }, [sentTo]);

  function startMessage(start: ComposeStart) {
    setSentTo(null);
    setCompose(start);
  }

  return (
    <PortalPage
      title="Messages"
      description="Messages from your university, and the ones you have sent to its offices."
      width="narrow"
    >
      <Button
        type="button"
        className="w-full sm:w-fit"
        onClick={() => {
          startMessage({});
        }}
      >
        <SquarePen aria-hidden="true" />
        New Message
      </Button>
      {sentTo === null ? null : (
        <Alert
          ref={sentRef}
          role="status"
          variant="success"
          tabIndex={-1}
          className="scroll-mt-4 outline-none focus-visible:ring-3 focus-visible:ring-ring"
        >
          <CircleCheck aria-hidden="true" />
          <AlertDescription>Message sent to {sentTo}.</AlertDescription>
        </Alert>
      )}
      <section aria-labelledby="inbox-title" className="flex min-w-0 flex-col gap-3">
        <h2 id="inbox-title" className="text-xl font-bold tracking-tight">
          Inbox
        </h2>
        <MessageFeed
          label="Messages"
          afterAWeek="date"
          onReply={startMessage}
          empty={
            <>
              <p className="font-semibold text-foreground">No messages yet</p>
              <p>When your university writes to you, the message will appear here.</p>
            </>
          }
        />
      </section>
      {compose === null ? null : (
        <NewMessageSheet
          start={compose}
          onClose={() => {
            setCompose(null);
          }}
          onSent={(message) => {
            setCompose(null);
            setSentTo(message.to);
          }}
        />
      )}
    </PortalPage>
  );
}
