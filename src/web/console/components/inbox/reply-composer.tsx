import { Send } from 'lucide-react';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { MESSAGE_ERRORS, MESSAGE_LIMITS } from '../../../../shared/messages.js';
import type { TStaffConversation } from '../../../../shared/staff-inbox.js';
import { Button } from '../../../components/ui/button.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Select } from '../../../components/ui/select.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { failureMessage } from '../../api/console-request.js';
import { type ConversationRef, useReplyToStudent } from '../../api/conversation.js';
import { useSavedReplies } from '../../api/saved-replies.js';

export const REPLY_SENT = 'Reply sent. The student reads it under their message.';

/** A saved reply's text put into the reply: in place of nothing, or after what is written. */
const withInserted = (text: string, inserted: string) =>
  text.trim() === '' ? inserted : `${text.trimEnd()}\n\n${inserted}`;

/**
 * The reply to a student's message: a saved reply to start from (inserted, then edited), the
 * office it comes from where the caller may choose one (a school officer), and the text.
 */
export function ReplyComposer({
  conversation,
  ...ref
}: ConversationRef & { conversation: TStaffConversation }) {
  const ids = { saved: useId(), from: useId(), text: useId() };
  const savedReplies = useSavedReplies();
  const send = useReplyToStudent(ref);
  const [text, setText] = useState('');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState('');
  const offices = conversation.replyOffices;
  const [from, setFrom] = useState(offices[0] ?? conversation.office);
  const saved = savedReplies.data?.items ?? [];

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const content = text.trim();
    if (content === '') {
      setError(MESSAGE_ERRORS.emptyContent);
      return;
    }
    setError(undefined);
    setSent('');
    send.mutate(
      { content, ...(offices.length > 1 ? { from } : {}) },
      {
        onSuccess: () => {
          setText('');
          setChosen('');
          setSent(REPLY_SENT);
        },
      },
    );
  };

  return (
    <form aria-label="Reply" noValidate onSubmit={submit} className="grid gap-4">
      <FailureAlert
        failure={send.isError ? failureMessage(send.error, 'The reply could not be sent.') : null}
      />
      {saved.length > 0 ? (
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <FormField id={ids.saved} label="Saved reply">
            <Select
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value);
              }}
            >
              <option value="">Choose a saved reply</option>
              {saved.map((reply) => (
                <option key={reply.id} value={String(reply.id)}>
                  {reply.title}
                </option>
              ))}
            </Select>
          </FormField>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              const picked = saved.find((reply) => String(reply.id) === chosen);
              if (picked) setText((current) => withInserted(current, picked.body));
              // Straight on to editing what was inserted.
              textRef.current?.focus();
            }}
          >
            Insert
          </Button>
        </div>
      ) : null}
      {offices.length > 1 ? (
        <FormField id={ids.from} label="From" hint="The office the student reads the reply from.">
          <Select
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
            }}
          >
            {offices.map((office) => (
              <option key={office} value={office}>
                {office}
              </option>
            ))}
          </Select>
        </FormField>
      ) : (
        <p className="text-sm text-muted-foreground">
          The student reads it from <span className="font-semibold text-foreground">{from}</span>.
        </p>
      )}
      <FormField id={ids.text} label="Your reply" error={error}>
        <Textarea
          ref={textRef}
          value={text}
          maxLength={MESSAGE_LIMITS.content}
          rows={6}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" aria-busy={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending…' : 'Send reply'}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {sent}
        </p>
      </div>
    </form>
  );
}
