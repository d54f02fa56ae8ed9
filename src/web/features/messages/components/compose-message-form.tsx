import { CircleAlert, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  MESSAGE_LIMITS,
  UNIVERSITY_OFFICES,
  type TMessage,
  type TSendMessageRequest,
  type TUniversityOffice,
} from '../../../../shared/messages.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select } from '../../../components/ui/select.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { cn } from '../../../lib/cn.js';
import { sendMessageFailureMessage, useSendMessage } from '../api/send-message.js';
import { CharacterCount } from './character-count.js';

/** What the student wrote, trimmed (spec section 5, "Messages"). */
export interface MessageDraft {
  to: TUniversityOffice;
  subject: string;
  content: string;
}

const asPageRequest = (draft: MessageDraft): TSendMessageRequest => draft;

// Input's look, for the one multi-line field of the portal so far.
const textareaClasses = cn(
  'min-h-36 w-full min-w-0 rounded-lg border border-border-strong bg-card px-3 py-2 text-base text-foreground shadow-xs',
  'transition-[color,box-shadow] outline-none placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40',
);

/**
 * A new message to one of the university's offices: 'To' (or a fixed office), subject and text.
 * Send stays disabled while the text is blank and while sending. On success the form clears and
 * says so beside Send (or hands the sent message to `onSent`, which says it where it chooses); on
 * failure it shows why just above Send, where the student is looking, and keeps everything the
 * student wrote.
 */
export function ComposeMessageForm({
  office,
  defaultTo,
  defaultSubject = '',
  toRequest = asPageRequest,
  onCancel,
  onSent,
  focusText = false,
}: {
  /** The one office this form writes to; without it the student picks one. */
  office?: TUniversityOffice;
  /** The office picked at first (a reply's), when the student picks one. */
  defaultTo?: TUniversityOffice;
  defaultSubject?: string;
  /** The payload to send; the messages page sends the draft as it is. */
  toRequest?: (draft: MessageDraft) => TSendMessageRequest;
  onCancel?: () => void;
  onSent?: (message: TMessage) => void;
  /** Put the keyboard in the message's text as the form appears. */
  focusText?: boolean;
}) {
  const id = useId();
  const send = useSendMessage();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const firstOffice = office ?? defaultTo ?? UNIVERSITY_OFFICES[0];
  const [to, setTo] = useState<TUniversityOffice>(firstOffice);
  const [subject, setSubject] = useState(defaultSubject);
  const [content, setContent] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const blank = content.trim() === '';

  useEffect(() => {
    if (focusText) contentRef.current?.focus();
  }, [focusText]);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blank || send.isPending) return;
    setSentTo(null);
    setFailure(null);
    const draft = { to, subject: subject.trim(), content: content.trim() };
    send.mutate(toRequest(draft), {
      onSuccess: (message) => {
        if (onSent) {
          onSent(message);
          return;
        }
        setTo(firstOffice);
        setSubject(defaultSubject);
        setContent('');
        setSentTo(message.to);
        // Send is disabled now the text is gone: give the keyboard somewhere to be.
        contentRef.current?.focus();
      },
      onError: (error) => {
        setFailure(sendMessageFailureMessage(error));
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="New message">
      {office ? (
        <p className="text-sm text-muted-foreground">
          To: <span className="font-semibold text-foreground">{office}</span>
        </p>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Select
            id={`${id}-to`}
            value={to}
            onChange={(event) => {
              const chosen = UNIVERSITY_OFFICES.find((name) => name === event.target.value);
              if (chosen) setTo(chosen);
            }}
          >
            {UNIVERSITY_OFFICES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input
          id={`${id}-subject`}
          value={subject}
          maxLength={MESSAGE_LIMITS.subject}
          aria-describedby={`${id}-subject-count`}
          onChange={(event) => {
            setSubject(event.target.value);
          }}
        />
        <CharacterCount
          id={`${id}-subject-count`}
          length={subject.length}
          limit={MESSAGE_LIMITS.subject}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-content`}>Message</Label>
        <textarea
          ref={contentRef}
          id={`${id}-content`}
          value={content}
          rows={6}
          maxLength={MESSAGE_LIMITS.content}
          aria-describedby={`${id}-content-count`}
          className={textareaClasses}
          onChange={(event) => {
            setContent(event.target.value);
            setSentTo(null);
          }}
        />
        <CharacterCount
          id={`${id}-content-count`}
          length={content.length}
          limit={MESSAGE_LIMITS.content}
        />
      </div>

      {failure ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <p role="status" className={sentTo ? 'text-sm font-medium text-success' : 'sr-only'}>
        {sentTo ? `Message sent to ${sentTo}.` : ''}
      </p>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={blank || send.isPending} aria-busy={send.isPending}>
          {send.isPending ? <Spinner size="sm" /> : <Send aria-hidden="true" />}
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
