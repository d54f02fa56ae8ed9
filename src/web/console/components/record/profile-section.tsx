import { Eye } from 'lucide-react';
import { useState } from 'react';
import {
  SEALED_STUDENT_FIELDS,
  type TSealedStudentField,
  type TStaffStudentRecord,
} from '../../../../shared/staff-students.js';
import { Button } from '../../../components/ui/button.js';
import { failureMessage } from '../../api/console-request.js';
import { useRevealStudentField } from '../../api/reveal-student-field.js';
import { DetailsList } from '../details-list.js';

const SEALED_FIELD_NAMES: Record<TSealedStudentField, string> = {
  passportNumber: 'Passport number',
  dateOfBirth: 'Date of birth',
  medicalConditions: 'Medical conditions',
  emergencyContact: 'Emergency contact',
};

/** A profile key as a label: the spec's camelCase names ("visaStatus") read "Visa status". */
function fieldLabel(key: string): string {
  if (!/^[a-z][A-Za-z0-9]*$/.test(key)) return key;
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One sealed value: "Hidden" and Show until revealed (each reveal audited), then the value. */
function SealedValue({ studentId, field }: { studentId: string; field: TSealedStudentField }) {
  const reveal = useRevealStudentField(studentId);
  const [value, setValue] = useState<{ shown: string | null } | null>(null);
  if (value) return <span>{value.shown ?? 'Not given'}</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="text-muted-foreground">Hidden</span>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Show the ${SEALED_FIELD_NAMES[field].toLowerCase()}`}
        aria-busy={reveal.isPending}
        onClick={() => {
          if (reveal.isPending) return;
          reveal.mutate(field, {
            onSuccess: (answer) => {
              setValue({ shown: answer.value });
            },
          });
        }}
      >
        <Eye aria-hidden="true" />
        Show
      </Button>
      {reveal.isError ? (
        <span role="alert" className="text-destructive">
          {failureMessage(reveal.error, 'It could not be shown. Please try again.')}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The student's profile: the open fields as saved, the sealed ones hidden until the viewer presses
 * Show. A revealed value lives in this page only, never in a cache.
 */
export function ProfileSection({
  studentId,
  profile,
}: {
  studentId: string;
  profile: TStaffStudentRecord['profile'];
}) {
  if (!profile)
    return <p className="text-muted-foreground">The student has not saved a profile.</p>;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="sealed-heading" className="flex flex-col gap-3">
        <h3 id="sealed-heading" className="text-base font-semibold">
          Sealed personal data
        </h3>
        <p className="text-sm text-muted-foreground">
          Stored encrypted. Each time you show a value it is written to the audit log.
        </p>
        <DetailsList
          items={SEALED_STUDENT_FIELDS.map(
            (field) =>
              [
                SEALED_FIELD_NAMES[field],
                profile.sealed[field] ? (
                  <SealedValue key={field} studentId={studentId} field={field} />
                ) : (
                  'Not given'
                ),
              ] as const,
          )}
        />
      </section>
      <section aria-labelledby="profile-heading" className="flex flex-col gap-3">
        <h3 id="profile-heading" className="text-base font-semibold">
          Profile
        </h3>
        <DetailsList
          items={Object.entries(profile.fields).map(
            ([key, value]) => [fieldLabel(key), value ?? '—'] as const,
          )}
        />
      </section>
    </div>
  );
}
