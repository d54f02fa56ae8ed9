import { ArrowRight } from 'lucide-react';
import { useId, useState } from 'react';
import type { TStaffDocumentRequest } from '../../../../shared/staff-document-requests.js';
import { staffMay } from '../../../../shared/staff-permissions.js';
import { APPLICATION_STATUS_NAMES } from '../../../../shared/staff-student-changes.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { Label } from '../../../components/ui/label.js';
import { Select } from '../../../components/ui/select.js';
import { useChangeAdmission } from '../../api/change-student-record.js';
import { failureMessage } from '../../api/console-request.js';
import { useSignedInStaff } from '../use-signed-in-staff.js';

type Application = TStaffStudentRecord['applications'][number];

const NEXT_STATUSES = ['under_review', 'accepted'] as const;
type NextStatus = (typeof NEXT_STATUSES)[number];

/** Every request accepted, on an application still waiting for documents. */
export const isReadyToMove = (application: Application, requests: TStaffDocumentRequest[]) =>
  application.status === 'documents_required' &&
  requests.length > 0 &&
  requests.every((request) => request.state === 'accepted');

/**
 * When the application has every document it asked for, the suggestion to move it on. Nothing
 * changes until a staff member who may change the admission confirms; the change names the
 * record's version, as the admission form's does, so it never overwrites a newer change unseen.
 * It stays mounted after the move, to say it was done.
 */
export function MoveApplicationSuggestion({
  studentId,
  record,
  application,
  requests,
}: {
  studentId: string;
  record: TStaffStudentRecord;
  application: Application;
  requests: TStaffDocumentRequest[];
}) {
  const id = useId();
  const { role } = useSignedInStaff();
  const change = useChangeAdmission(studentId);
  const [status, setStatus] = useState<NextStatus>('under_review');
  const [moved, setMoved] = useState('');
  const mayMove = staffMay(role, 'editAdmission');

  const move = () => {
    if (change.isPending) return;
    change.mutate(
      {
        body: { applications: [{ id: application.id, status }] },
        version: record.overview.version,
      },
      {
        onSuccess: () => {
          setMoved(`Moved the application to ${APPLICATION_STATUS_NAMES[status]}.`);
        },
      },
    );
  };

  return (
    <>
      {isReadyToMove(application, requests) ? (
        <Alert variant="info" role="region" aria-label="Suggestion">
          <AlertTitle>
            All requested documents are accepted.{' '}
            {mayMove
              ? 'Move this application to Under review?'
              : 'An administrator or the school can now move this application to Under review.'}
          </AlertTitle>
          {mayMove ? (
            <AlertDescription className="flex flex-col gap-3">
              <FailureAlert
                failure={
                  change.isError
                    ? failureMessage(change.error, 'The application could not be moved.')
                    : null
                }
              />
              <div className="flex flex-wrap items-end gap-2">
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-status`}>Move to</Label>
                  <Select
                    id={`${id}-status`}
                    value={status}
                    onChange={(event) => {
                      setStatus(event.target.value as NextStatus);
                    }}
                  >
                    {NEXT_STATUSES.map((next) => (
                      <option key={next} value={next}>
                        {APPLICATION_STATUS_NAMES[next]}
                      </option>
                    ))}
                  </Select>
                </div>
                <Button type="button" aria-busy={change.isPending} onClick={move}>
                  <ArrowRight aria-hidden="true" />
                  {change.isPending ? 'Moving…' : 'Move the application'}
                </Button>
              </div>
            </AlertDescription>
          ) : null}
        </Alert>
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {moved}
      </p>
    </>
  );
}
