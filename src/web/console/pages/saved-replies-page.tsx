import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TSavedReply } from '../../../shared/saved-replies.js';
import { Button } from '../../components/ui/button.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../components/ui/loading-status.js';
import { failureMessage } from '../api/console-request.js';
import { useDeleteSavedReply, useSavedReplies } from '../api/saved-replies.js';
import { ConsolePage } from '../components/console-page.js';
import { SavedReplyForm } from '../components/inbox/saved-reply-form.js';

/** `/staff/saved-replies` (administrators): the texts every staff member can insert into a reply. */
export function SavedRepliesPage() {
  const saved = useSavedReplies();
  const remove = useDeleteSavedReply();
  const [editing, setEditing] = useState<TSavedReply | null>(null);
  const [removing, setRemoving] = useState<TSavedReply | null>(null);

  return (
    <ConsolePage
      title="Saved replies"
      description="Texts any staff member inserts into a reply to a student, then edits before sending."
    >
      {/* Keyed by what it edits, so choosing another saved reply fills the form anew. */}
      <SavedReplyForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onDone={() => {
          setEditing(null);
        }}
      />
      <section aria-labelledby="saved-heading" className="flex flex-col gap-3">
        <h2 id="saved-heading" className="text-lg font-semibold">
          Saved replies
        </h2>
        {saved.isPending ? (
          <LoadingStatus>Loading the saved replies…</LoadingStatus>
        ) : saved.isError ? (
          <LoadFailedAlert
            title="The saved replies could not be loaded."
            onRetry={() => void saved.refetch()}
          />
        ) : saved.data.items.length === 0 ? (
          <p className="text-muted-foreground">No saved replies yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {saved.data.items.map((reply) => (
              <li
                key={reply.id}
                aria-label={reply.title}
                className="flex flex-col gap-2 rounded-xl border border-border bg-card px-4 py-3 text-sm"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold wrap-anywhere">{reply.title}</h3>
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        setEditing(reply);
                      }}
                    >
                      <Pencil aria-hidden="true" />
                      Change
                    </Button>
                    <Button
                      variant="ghost-destructive"
                      size="sm"
                      onClick={() => {
                        remove.reset();
                        setRemoving(reply);
                      }}
                    >
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Button>
                  </div>
                </div>
                <p className="whitespace-pre-line wrap-anywhere text-muted-foreground">
                  {reply.body}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {removing ? (
        <ConfirmDialog
          title={`Remove “${removing.title}”?`}
          description="Staff can no longer insert it. Replies already sent stay as they are."
          confirmLabel={remove.isPending ? 'Removing…' : 'Remove'}
          pending={remove.isPending}
          holdWhilePending
          failure={
            remove.isError
              ? failureMessage(remove.error, 'The saved reply could not be removed.')
              : null
          }
          onConfirm={() => {
            remove.mutate(removing.id, {
              onSuccess: () => {
                if (editing?.id === removing.id) setEditing(null);
                setRemoving(null);
              },
            });
          }}
          onCancel={() => {
            setRemoving(null);
          }}
        />
      ) : null}
    </ConsolePage>
  );
}
