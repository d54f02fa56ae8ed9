import { BadgeCheck, Undo2 } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { ZStaffSevisChangeSchema } from '../../../../shared/staff-student-changes.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { useChangeSevis } from '../../api/change-student-record.js';
import { formText } from '../form-text.js';
import { RecordChangeCard } from './record-change-card.js';

/** The SEVIS I-901 fee: paid on a day, or (a correction) not paid. Every role. */
export function SevisForm({
  studentId,
  overview,
}: {
  studentId: string;
  overview: TStaffStudentRecord['overview'];
}) {
  const id = useId();
  const [error, setError] = useState<string>();
  const change = useChangeSevis(studentId);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = ZStaffSevisChangeSchema.safeParse({
      paidOn: formText(new FormData(event.currentTarget), 'paidOn'),
    });
    if (!parsed.success) {
      setError('Enter the day the fee was paid.');
      return;
    }
    setError(undefined);
    change.mutate({ body: parsed.data, version: overview.version });
  };

  return (
    <RecordChangeCard title="SEVIS fee" state={change}>
      <form
        key={overview.version}
        aria-label="SEVIS fee"
        noValidate
        onSubmit={submit}
        className="flex flex-wrap items-end gap-4"
      >
        <FormField id={id} label="Paid on" error={error}>
          <Input name="paidOn" type="date" defaultValue={overview.sevisPaidOn ?? ''} />
        </FormField>
        <Button type="submit" aria-busy={change.isPending}>
          <BadgeCheck aria-hidden="true" />
          {overview.sevisPaid ? 'Change the day' : 'Mark paid'}
        </Button>
        {overview.sevisPaid ? (
          <Button
            type="button"
            variant="outline"
            disabled={change.isPending}
            onClick={() => {
              change.mutate({ body: { paidOn: null }, version: overview.version });
            }}
          >
            <Undo2 aria-hidden="true" />
            Mark not paid
          </Button>
        ) : null}
      </form>
    </RecordChangeCard>
  );
}
