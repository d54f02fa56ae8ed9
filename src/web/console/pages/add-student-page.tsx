import { useState } from 'react';
import type { TNewStudent } from '../../../shared/student-import.js';
import { ConsolePage } from '../components/console-page.js';
import { AddStudentForm } from '../components/new-students/add-student-form.js';
import { NewStudentInvite } from '../components/new-students/new-student-invite.js';

/**
 * `/staff/students/new` (administrators and agents): a student added by hand, with their invite.
 * Done goes back to an empty form, for the next student; the code is then gone from the page.
 */
export function AddStudentPage() {
  const [added, setAdded] = useState<TNewStudent | null>(null);
  return (
    <ConsolePage
      title="Add a student"
      description="The student gets an invite code to start their onboarding with."
    >
      {added ? (
        <NewStudentInvite
          student={added}
          onDone={() => {
            setAdded(null);
          }}
        />
      ) : (
        <AddStudentForm onAdded={setAdded} />
      )}
    </ConsolePage>
  );
}
