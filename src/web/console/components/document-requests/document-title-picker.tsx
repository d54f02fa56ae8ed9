import {
  DOCUMENT_REQUEST_CATALOGUE,
  DOCUMENT_REQUEST_LIMITS,
} from '../../../../shared/staff-document-requests.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { Select } from '../../../components/ui/select.js';

/** A requested document's title: picked from the catalogue, or written by staff ("Other…"). */
export interface DocumentTitle {
  title: string;
  custom: boolean;
}

export const NO_DOCUMENT_TITLE: DocumentTitle = { title: '', custom: false };

const CATALOGUE: readonly string[] = DOCUMENT_REQUEST_CATALOGUE;

/** A stored title as the picker shows it: from the catalogue when it is one of its titles. */
export const documentTitleOf = (title: string): DocumentTitle => ({
  title,
  custom: !CATALOGUE.includes(title),
});

/** The id of the picker's first field (its select), for a form that moves the keyboard there. */
export const titleChoiceId = (id: string) => `${id}-choice`;

// No catalogue title has brackets: this value is never a title.
const OTHER = '(other)';

/** The catalogue's titles and "Other…", which opens a field for the staff member's own title. */
export function DocumentTitlePicker({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: DocumentTitle;
  /** Shown under the field the title comes from. */
  error?: string | undefined;
  onChange: (value: DocumentTitle) => void;
}) {
  return (
    <>
      <FormField id={titleChoiceId(id)} label="Document" error={value.custom ? undefined : error}>
        <Select
          value={value.custom ? OTHER : value.title}
          onChange={(event) => {
            const picked = event.target.value;
            onChange(
              picked === OTHER ? { title: '', custom: true } : { title: picked, custom: false },
            );
          }}
        >
          <option value="">Choose the document</option>
          {CATALOGUE.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
          <option value={OTHER}>Other…</option>
        </Select>
      </FormField>
      {value.custom ? (
        <FormField id={`${id}-title`} label="Title" error={error}>
          <Input
            value={value.title}
            maxLength={DOCUMENT_REQUEST_LIMITS.title}
            autoComplete="off"
            onChange={(event) => {
              onChange({ title: event.target.value, custom: true });
            }}
          />
        </FormField>
      ) : null}
    </>
  );
}
