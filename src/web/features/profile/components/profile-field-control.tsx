import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input.js';
import { Select } from '../../../components/ui/select.js';
import { Textarea } from '../../../components/ui/textarea.js';
import type { ProfileField } from '../data/profile-sections.js';

/** What FormField hands its control, so the label, the error and the hint reach the element. */
type FieldSlotProps = Pick<ComponentProps<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** The control of one profile field, registered with the form. */
export function ProfileFieldControl({
  field,
  registration,
  ...slotProps
}: FieldSlotProps & { field: ProfileField; registration: UseFormRegisterReturn }) {
  switch (field.kind) {
    case 'select':
      return (
        <Select {...slotProps} {...registration}>
          <option value="">Select…</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      );
    case 'textarea':
      return <Textarea {...slotProps} {...registration} />;
    default:
      return (
        <Input
          {...slotProps}
          {...registration}
          type={field.kind}
          autoComplete={field.autoComplete}
          spellCheck={field.kind === 'text' ? undefined : false}
        />
      );
  }
}
