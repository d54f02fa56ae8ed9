import { CheckCircle2, RotateCcw } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { MAX_RETAKE_REASON } from '../../../../shared/staff-student-changes.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { Button } from '../../../components/ui/button.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { useReviewInterview } from '../../api/change-student-record.js';
import { formText } from '../form-text.js';
import { RecordChangeCard } from './record-change-card.js';

/**
 * The school's review of the latest submitted interview (administrators, school officers):
 * accept it, or ask for a retake with the reason the student reads.
 */
export function InterviewReviewForm({
  studentId,
  overview,
}: {
  studentId: string;
  overview: TStaffStudentRecord['overview'];
}) {
  const id = useId();
  const [error, setError] = useState<string>();
  const review = useReviewInterview(studentId);

  const retake = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (review.isPending) return;
    const reason = formText(new FormData(event.currentTarget), 'reason').trim();
    if (reason === '') {
      setError('Say why the student should record the interview again.');
      return;
    }
    setError(undefined);
    review.mutate({ body: { decision: 'retake', reason }, version: overview.version });
  };

  return (
    <RecordChangeCard title="Review the interview" state={review}>
      <p className="text-sm">MOI status: {overview.moiStatus}</p>
      <Button
        type="button"
        className="self-start"
        disabled={review.isPending}
        onClick={() => {
          setError(undefined);
          review.mutate({ body: { decision: 'accept' }, version: overview.version });
        }}
      >
        <CheckCircle2 aria-hidden="true" />
        Accept the interview
      </Button>
      <form
        key={overview.version}
        aria-label="Ask for a retake"
        noValidate
        onSubmit={retake}
        className="grid gap-4"
      >
        <FormField
          id={id}
          label="Why a retake (the student reads this)"
          hint={`At most ${MAX_RETAKE_REASON} characters.`}
          error={error}
        >
          <Textarea name="reason" maxLength={MAX_RETAKE_REASON} rows={3} />
        </FormField>
        <Button type="submit" variant="outline" className="self-start" disabled={review.isPending}>
          <RotateCcw aria-hidden="true" />
          Ask for a retake
        </Button>
      </form>
    </RecordChangeCard>
  );
}
