import { Download, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { confirmsStudentName } from '../../../../shared/student-data.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { failureMessage } from '../../api/console-request.js';
import { useDeleteStudent, useExportStudentData } from '../../api/student-data.js';
import { consolePaths, type StudentsPageState } from '../../console-paths.js';

type Action = 'export' | 'delete';

/**
 * A student's data on their request (administrators): a copy of it as a zip, or its deletion with
 * every file. Either asks for the student's name to be typed first, as the server does.
 */
export function StudentDataCard({ overview }: { overview: TStaffStudentRecord['overview'] }) {
  const [action, setAction] = useState<Action | null>(null);
  const [exported, setExported] = useState(false);
  const exportData = useExportStudentData(overview.id);
  const deletion = useDeleteStudent(overview.id);
  const navigate = useNavigate();
  const name = `${overview.firstName} ${overview.lastName}`;

  const open = (next: Action) => {
    exportData.reset();
    deletion.reset();
    setExported(false);
    setAction(next);
  };
  const confirm = (typed: string) => {
    if (action === 'export')
      exportData.mutate(typed, {
        onSuccess: () => {
          setAction(null);
          setExported(true);
        },
      });
    else
      deletion.mutate(typed, {
        onSuccess: ({ rows, files }) => {
          const state: StudentsPageState = {
            notice: `${name} was deleted: ${rows} records and ${files} files. The audit log keeps what was done, by student id.`,
          };
          void navigate(consolePaths.students.getHref(), { state });
        },
      });
  };
  const running = action === 'export' ? exportData : deletion;

  return (
    <Card className="gap-4 p-6">
      <CardHeader>
        <CardTitle>Student data</CardTitle>
      </CardHeader>
      <p className="text-sm">
        On {overview.firstName}&apos;s request: a copy of everything the portal holds about them (a
        zip of their records and files), or the deletion of all of it. Both are recorded in the
        audit log.
      </p>
      {exported ? (
        <p role="status" className="text-sm font-semibold">
          The copy was downloaded. It is not kept on the server.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            open('export');
          }}
        >
          <Download aria-hidden="true" />
          Export the data
        </Button>
        <Button
          type="button"
          variant="destructive"
          onClick={() => {
            open('delete');
          }}
        >
          <Trash2 aria-hidden="true" />
          Delete the student
        </Button>
      </div>
      {action ? (
        <NameConfirmDialog
          key={action}
          student={overview}
          title={action === 'export' ? `Export ${name}'s data?` : `Delete ${name}?`}
          description={
            action === 'export'
              ? 'The zip holds their personal data in the clear, sealed fields included. Keep it safe and hand it only to the student.'
              : 'Every record and file of theirs is deleted, at once and for good. The audit log keeps its rows, naming them by id only.'
          }
          confirmLabel={
            action === 'export'
              ? exportData.isPending
                ? 'Exporting…'
                : 'Export'
              : deletion.isPending
                ? 'Deleting…'
                : 'Delete for good'
          }
          variant={action === 'export' ? 'default' : 'destructive'}
          pending={running.isPending}
          failure={
            running.isError
              ? failureMessage(
                  running.error,
                  action === 'export'
                    ? 'The data could not be exported.'
                    : 'The student could not be deleted.',
                )
              : null
          }
          onConfirm={confirm}
          onCancel={() => {
            setAction(null);
          }}
        />
      ) : null}
    </Card>
  );
}

/** The question before an export or a deletion, with the field to type the student's name in. */
function NameConfirmDialog({
  student,
  onConfirm,
  ...dialog
}: {
  student: { firstName: string; lastName: string };
  title: string;
  description: string;
  confirmLabel: string;
  variant: 'default' | 'destructive';
  pending: boolean;
  failure: string | null;
  onConfirm: (typed: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const name = `${student.firstName} ${student.lastName}`;
  return (
    <ConfirmDialog
      {...dialog}
      holdWhilePending
      onConfirm={() => {
        if (!confirmsStudentName(typed, student)) {
          setError(`Type ${name} to confirm.`);
          return;
        }
        setError(undefined);
        onConfirm(typed);
      }}
    >
      <FormField id={id} label={`Type the student's name, ${name}, to confirm`} error={error}>
        <Input
          value={typed}
          autoComplete="off"
          onChange={(event) => {
            setTyped(event.target.value);
          }}
        />
      </FormField>
    </ConfirmDialog>
  );
}
