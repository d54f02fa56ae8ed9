import {
  type TSchoolChecklistInput,
  ZSchoolChecklistSchema,
} from '../../../../shared/staff-document-requests.js';
import { asSentence } from '../form-text.js';
import type { DocumentTitle } from '../document-requests/document-title-picker.js';

/** One item of the checklist as the form holds it. */
export interface EditedItem {
  /** Stays with the item as it moves: React's key, and the ids of its fields. */
  key: number;
  title: DocumentTitle;
  note: string;
  /** As typed: '' for no due date. */
  dueInDays: string;
}

export const ITEM_FIELDS = ['title', 'note', 'dueInDays'] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];

/** What to fix: under an item's field (by the item's key), or about the whole list. */
export interface ChecklistErrors {
  items: Record<number, Partial<Record<ItemField, string>>>;
  list?: string;
}

const isItemField = (name: unknown): name is ItemField => ITEM_FIELDS.includes(name as ItemField);

/** The PUT body the form's items make, or what to fix, checked as the server will check it. */
export function readChecklist(
  items: EditedItem[],
): { checklist: TSchoolChecklistInput } | { errors: ChecklistErrors } {
  const errors: ChecklistErrors = { items: {} };
  const checklist: TSchoolChecklistInput = {
    items: items.map((item) => {
      const days = item.dueInDays.trim();
      if (days !== '' && !/^\d+$/.test(days))
        errors.items[item.key] = { dueInDays: 'Enter a whole number of days.' };
      return {
        title: item.title.title,
        note: item.note,
        dueInDays: days === '' ? null : Number(days),
      };
    }),
  };
  const parsed = ZSchoolChecklistSchema.safeParse(checklist);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path;
      const item = typeof index === 'number' ? items[index] : undefined;
      if (item && isItemField(field)) {
        const fields = (errors.items[item.key] ??= {});
        fields[field] ??= asSentence(issue.message);
      } else {
        errors.list ??= asSentence(issue.message);
      }
    }
  }
  if (!parsed.success || Object.keys(errors.items).length > 0) return { errors };
  // As the server will store it: trimmed, an empty note is none.
  return { checklist: parsed.data };
}

/**
 * The field a 400 names, if it names one: the server says "items.2.title: must be at most 120
 * characters" (plugins/error-handling.ts), which goes under that item's field.
 */
export function serverFieldError(
  message: string,
  items: EditedItem[],
): { key: number; field: ItemField; message: string } | null {
  const match = /^items\.(\d+)\.(\w+): (.+)$/.exec(message);
  const item = match ? items[Number(match[1])] : undefined;
  const field = match?.[2];
  if (!match?.[3] || !item || !isItemField(field)) return null;
  return { key: item.key, field, message: asSentence(match[3]) };
}
