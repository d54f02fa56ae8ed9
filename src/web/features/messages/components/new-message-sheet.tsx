import { useId } from 'react';
import type { TMessage } from '../../../../shared/messages.js';
import { Dialog, DialogDescription, DialogTitle } from '../../../components/ui/dialog.js';
import type { ComposeStart } from '../utils/reply-draft.js';
import { ComposeMessageForm, type MessageDraft } from './compose-message-form.js';

/**
 * The messages page's compose, over the page: a sheet from the bottom of a phone's screen, a
 * dialog on a wider one, so writing never means scrolling past every message. Starts blank or as
 * a reply (`start`); a reply about an application stays about it. Cancel, Escape or the phone's
 * back gesture close it; focus starts on its first field (the browser's choice for a modal).
 */
export function NewMessageSheet({
  start,
  onClose,
  onSent,
}: {
  start: ComposeStart;
  onClose: () => void;
  onSent: (message: TMessage) => void;
}) {
  const titleId = useId();
  const { applicationId } = start;
  const isReply = start.subject !== undefined;

  function toRequest(draft: MessageDraft) {
    return applicationId === undefined ? draft : { ...draft, applicationId };
  }

  return (
    <Dialog size="sheet" aria-labelledby={titleId} onClose={onClose}>
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-col gap-1">
          <DialogTitle id={titleId}>{isReply ? 'Reply' : 'New Message'}</DialogTitle>
          <DialogDescription>Write to one of your university&apos;s offices.</DialogDescription>
        </div>
        <ComposeMessageForm
          defaultTo={start.to}
          defaultSubject={start.subject}
          toRequest={toRequest}
          onCancel={onClose}
          onSent={onSent}
        />
      </div>
    </Dialog>
  );
}
