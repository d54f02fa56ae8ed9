import { MessageSquarePlus } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import type { TMessage, TUniversityOffice } from '../../../../shared/messages.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardTitle } from '../../../components/ui/card.js';
import { useAuth } from '../../../lib/auth.js';
import type { ComposeStart } from '../utils/reply-draft.js';
import { ComposeMessageForm, type MessageDraft } from './compose-message-form.js';
import { MessageFeed } from './message-feed.js';

/** Messages written from an application's page go to its admissions office (spec section 7). */
const ADMISSIONS_OFFICE: TUniversityOffice = 'Admissions Office';

/**
 * The communications of one application (spec section 2, "/application/{id}"): its messages,
 * from the same list as the messages page, and 'New Message', which opens a message to
 * admissions in place, as Reply on a message does. It sends the detail page's payload of spec
 * section 7, {from, content, subject, to, isRead}, with the application it is about.
 */
export function ApplicationCommunications({
  applicationId,
  university,
}: {
  applicationId: number;
  university: string;
}) {
  const { user } = useAuth();
  const titleId = useId();
  const composeId = useId();
  const newMessageRef = useRef<HTMLButtonElement>(null);
  const [composing, setComposing] = useState(false);
  // A reply's subject; null for a new message, which starts from the application's.
  const [replySubject, setReplySubject] = useState<string | null>(null);
  const aboutThisApplication = useCallback(
    (message: TMessage) => message.applicationId === applicationId,
    [applicationId],
  );
  const from = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  function toRequest({ subject, content }: MessageDraft) {
    // The server records the signed-in student as the sender and a sent message as read.
    return { from, content, subject, to: ADMISSIONS_OFFICE, isRead: true, applicationId };
  }

  function closeCompose() {
    setComposing(false);
    newMessageRef.current?.focus();
  }

  function reply(start: ComposeStart) {
    setReplySubject(start.subject ?? null);
    setComposing(true);
  }

  return (
    <Card role="region" aria-labelledby={titleId} className="gap-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id={titleId}>Communications</CardTitle>
        <Button
          ref={newMessageRef}
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={composing}
          aria-controls={composeId}
          onClick={() => {
            setReplySubject(null);
            setComposing((open) => !open);
          }}
        >
          <MessageSquarePlus aria-hidden="true" />
          New Message
        </Button>
      </div>
      <div id={composeId} hidden={!composing}>
        {composing ? (
          <div className="rounded-xl border border-border bg-muted/60 p-4">
            <ComposeMessageForm
              key={replySubject ?? ''}
              office={ADMISSIONS_OFFICE}
              defaultSubject={replySubject ?? `My application to ${university}`}
              toRequest={toRequest}
              onCancel={closeCompose}
              // A reply is asked for further down: take the keyboard (and the eye) to its text.
              focusText={replySubject !== null}
            />
          </div>
        ) : null}
      </div>
      <MessageFeed
        label={`Messages about your application to ${university}`}
        afterAWeek="weeks"
        show={aboutThisApplication}
        onReply={reply}
        empty={<p>No messages about this application yet.</p>}
      />
    </Card>
  );
}
