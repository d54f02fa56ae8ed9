import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { DocumentTitlePicker } from '../document-requests/document-title-picker.js';
import { RequestNoteField } from '../document-requests/request-note-field.js';
import type { EditedItem, ItemField } from './read-checklist.js';

const ACTIONS = [
  { action: 'up', label: 'Move up', Icon: ArrowUp, variant: 'outline' },
  { action: 'down', label: 'Move down', Icon: ArrowDown, variant: 'outline' },
  { action: 'remove', label: 'Remove', Icon: Trash2, variant: 'ghost-destructive' },
] as const;

export type ItemAction = (typeof ACTIONS)[number]['action'];

/** One item of a school's checklist: its document, note and due days, and where it stands. */
export function ChecklistItemFields({
  idPrefix,
  item,
  position,
  count,
  errors = {},
  onChange,
  onAction,
  actionRef,
}: {
  idPrefix: string;
  item: EditedItem;
  /** 0 for the first item. */
  position: number;
  count: number;
  errors?: Partial<Record<ItemField, string>>;
  onChange: (item: EditedItem) => void;
  onAction: (action: ItemAction) => void;
  /** The action buttons, for the form to keep the keyboard on one after a move. */
  actionRef: (action: ItemAction, element: HTMLButtonElement | null) => void;
}) {
  const id = `${idPrefix}-${item.key}`;
  const name = item.title.title || 'this item';
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border bg-card p-4 md:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">Item {position + 1}</legend>
      <DocumentTitlePicker
        id={id}
        value={item.title}
        error={errors.title}
        onChange={(title) => {
          onChange({ ...item, title });
        }}
      />
      <FormField
        id={`${id}-days`}
        label="Due in days (optional)"
        hint="Counted from the day the application is added."
        error={errors.dueInDays}
      >
        <Input
          inputMode="numeric"
          value={item.dueInDays}
          maxLength={3}
          onChange={(event) => {
            onChange({ ...item, dueInDays: event.target.value });
          }}
        />
      </FormField>
      <RequestNoteField
        id={`${id}-note`}
        value={item.note}
        error={errors.note}
        onChange={(note) => {
          onChange({ ...item, note });
        }}
      />
      <div className="flex flex-wrap gap-2 md:col-span-2">
        {ACTIONS.map(({ action, label, Icon, variant }) => (
          <Button
            key={action}
            ref={(element) => {
              actionRef(action, element);
            }}
            type="button"
            variant={variant}
            size="sm"
            disabled={
              (action === 'up' && position === 0) || (action === 'down' && position === count - 1)
            }
            onClick={() => {
              onAction(action);
            }}
          >
            <Icon aria-hidden="true" />
            {label} <span className="sr-only">{name}</span>
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
