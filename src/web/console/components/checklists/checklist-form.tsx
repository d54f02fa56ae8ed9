import { Plus, Save } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  DOCUMENT_REQUEST_LIMITS,
  type TChecklistItem,
} from '../../../../shared/staff-document-requests.js';
import { Button } from '../../../components/ui/button.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { failedStatus, failureMessage } from '../../api/console-request.js';
import { useSaveSchoolChecklist } from '../../api/school-checklist.js';
import {
  documentTitleOf,
  NO_DOCUMENT_TITLE,
  titleChoiceId,
} from '../document-requests/document-title-picker.js';
import { ChecklistItemFields, type ItemAction } from './checklist-item-fields.js';
import {
  type ChecklistErrors,
  type EditedItem,
  readChecklist,
  serverFieldError,
} from './read-checklist.js';

const NO_ERRORS: ChecklistErrors = { items: {} };

/** Where the keyboard goes after the next render: one of an item's controls, or "Add an item". */
type FocusTarget = { key: number; action: ItemAction | 'title' } | 'add';

/**
 * A school's checklist, edited as a whole and saved at once (PUT replaces the list): add an item
 * from the catalogue or of one's own, its note and due days, move it up or down, remove it.
 */
export function ChecklistForm({
  schoolId,
  schoolName,
  saved,
}: {
  schoolId: number;
  schoolName: string;
  saved: TChecklistItem[];
}) {
  const idPrefix = useId();
  const save = useSaveSchoolChecklist(schoolId);
  const nextKey = useRef(saved.length);
  const [items, setItems] = useState<EditedItem[]>(() =>
    saved.map((item, key) => ({
      key,
      title: documentTitleOf(item.title),
      note: item.note ?? '',
      dueInDays: item.dueInDays === null ? '' : String(item.dueInDays),
    })),
  );
  const [errors, setErrors] = useState<ChecklistErrors>(NO_ERRORS);
  const [said, setSaid] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<FocusTarget | null>(null);

  const elementFor = (target: FocusTarget): HTMLElement | null | undefined => {
    if (target === 'add') return buttons.current.get('add');
    if (target.action === 'title')
      return document.getElementById(titleChoiceId(`${idPrefix}-${target.key}`));
    const button = buttons.current.get(`${target.key}-${target.action}`);
    if (button && !button.disabled) return button;
    // Moved to the top or the bottom, its button is off: the other way's takes the keyboard.
    const other = target.action === 'up' ? 'down' : target.action === 'down' ? 'up' : null;
    return other ? buttons.current.get(`${target.key}-${other}`) : undefined;
  };

  // Adding, moving or removing an item re-renders the list: the keyboard goes where it should.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    elementFor(target)?.focus();
  });

  const change = (next: EditedItem[], announce: string, focus: FocusTarget) => {
    setItems(next);
    setSaid(announce);
    focusNext.current = focus;
  };

  const act = (position: number, action: ItemAction) => {
    const item = items[position];
    if (!item) return;
    const name = item.title.title || 'The new item';
    if (action === 'remove') {
      const after = items[position + 1] ?? items[position - 1];
      change(
        items.filter((other) => other.key !== item.key),
        `Removed ${name}.`,
        after ? { key: after.key, action: 'remove' } : 'add',
      );
      return;
    }
    const to = action === 'up' ? position - 1 : position + 1;
    const other = items[to];
    if (!other) return;
    const next = [...items];
    next[to] = item;
    next[position] = other;
    change(next, `Moved ${name} to place ${to + 1}.`, { key: item.key, action });
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const read = readChecklist(items);
    if ('errors' in read) {
      setErrors(read.errors);
      setSaid('');
      return;
    }
    setErrors(NO_ERRORS);
    save.mutate(read.checklist, {
      onSuccess: ({ items: stored }) => {
        setSaid(
          `Saved. Each new application of ${schoolName} gets ${
            stored.length === 1 ? '1 request' : `${stored.length} requests`
          } from this checklist.`,
        );
      },
      onError: (error) => {
        const field =
          failedStatus(error) === 400 ? serverFieldError(failureMessage(error, ''), items) : null;
        if (field) setErrors({ items: { [field.key]: { [field.field]: field.message } } });
      },
    });
  };

  const full = items.length >= DOCUMENT_REQUEST_LIMITS.perApplication;
  return (
    <form
      aria-label={`Checklist of ${schoolName}`}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
    >
      <FailureAlert
        failure={
          save.isError
            ? failureMessage(save.error, 'The checklist could not be saved.')
            : (errors.list ?? null)
        }
      />
      {items.length === 0 ? (
        <p className="text-muted-foreground">No documents on the checklist.</p>
      ) : (
        <ol aria-label="Items" className="flex flex-col gap-3">
          {items.map((item, position) => (
            <li key={item.key}>
              <ChecklistItemFields
                idPrefix={idPrefix}
                item={item}
                position={position}
                count={items.length}
                errors={errors.items[item.key]}
                onChange={(changed) => {
                  setItems(items.map((other) => (other.key === item.key ? changed : other)));
                }}
                onAction={(action) => {
                  act(position, action);
                }}
                actionRef={(action, element) => {
                  if (element) buttons.current.set(`${item.key}-${action}`, element);
                  else buttons.current.delete(`${item.key}-${action}`);
                }}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          ref={(element) => {
            if (element) buttons.current.set('add', element);
            else buttons.current.delete('add');
          }}
          type="button"
          variant="outline"
          disabled={full}
          onClick={() => {
            const key = nextKey.current++;
            change([...items, { key, title: NO_DOCUMENT_TITLE, note: '', dueInDays: '' }], '', {
              key,
              action: 'title',
            });
          }}
        >
          <Plus aria-hidden="true" />
          Add an item
        </Button>
        <Button type="submit" aria-busy={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? 'Saving…' : 'Save the checklist'}
        </Button>
      </div>
      {full ? (
        <p className="text-sm text-muted-foreground">
          A checklist holds at most {DOCUMENT_REQUEST_LIMITS.perApplication} documents.
        </p>
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {said}
      </p>
    </form>
  );
}
