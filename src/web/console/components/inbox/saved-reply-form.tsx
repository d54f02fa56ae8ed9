import { Save } from 'lucide-react';
import { useId, type SubmitEvent } from 'react';
import { MESSAGE_LIMITS } from '../../../../shared/messages.js';
import { SAVED_REPLY_TITLE_MAX, type TSavedReply } from '../../../../shared/saved-replies.js';
import { Button } from '../../../components/ui/button.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { failureMessage } from '../../api/console-request.js';
import { useSaveSavedReply } from '../../api/saved-replies.js';
import { formText } from '../form-text.js';

/**
 * A new saved reply, or, given `editing`, a change to one: its title (what staff pick it by) and
 * its text. `onDone` after a save or Cancel.
 */
export function SavedReplyForm({
  editing,
  onDone,
}: {
  editing: TSavedReply | null;
  onDone: () => void;
}) {
  const ids = { title: useId(), body: useId() };
  const save = useSaveSavedReply();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    save.mutate(
      { id: editing?.id, title: formText(data, 'title'), body: formText(data, 'body') },
      {
        onSuccess: () => {
          form.reset();
          onDone();
        },
      },
    );
  };

  return (
    <form
      aria-label={editing ? `Change ${editing.title}` : 'Add a saved reply'}
      noValidate
      onSubmit={submit}
      className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6"
    >
      <FailureAlert
        failure={
          save.isError ? failureMessage(save.error, 'The saved reply could not be saved.') : null
        }
      />
      <FormField id={ids.title} label="Title" hint="What staff pick it by in a reply.">
        <Input
          name="title"
          maxLength={SAVED_REPLY_TITLE_MAX}
          autoComplete="off"
          defaultValue={editing?.title ?? ''}
        />
      </FormField>
      <FormField id={ids.body} label="Text" hint="Staff insert it into a reply and edit it there.">
        <Textarea
          name="body"
          maxLength={MESSAGE_LIMITS.content}
          rows={5}
          defaultValue={editing?.body ?? ''}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" aria-busy={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? 'Saving…' : editing ? 'Save the change' : 'Add the saved reply'}
        </Button>
        {editing ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
