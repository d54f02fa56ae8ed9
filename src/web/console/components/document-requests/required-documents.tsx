import { Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { TStaffDocumentRequest } from '../../../../shared/staff-document-requests.js';
import { staffMay } from '../../../../shared/staff-permissions.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { Button } from '../../../components/ui/button.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { useDocumentRequests } from '../../api/document-requests.js';
import { useSignedInStaff } from '../use-signed-in-staff.js';
import { AddRequestForm } from './add-request-form.js';
import { calendarDayOf } from '../../../../shared/document-requests.js';
import { DocumentRequestItem } from './document-request-item.js';
import type { ViewedFile } from './document-viewer.js';
import { DocumentViewerDialog } from './document-viewer-dialog.js';
import { MoveApplicationSuggestion } from './move-application-suggestion.js';
import { RemoveRequestDialog } from './remove-request-dialog.js';

type Application = TStaffStudentRecord['applications'][number];

/**
 * One application's "Required documents": what staff asked the student for, how each stands,
 * the files in a viewer, and (for staff who review documents) adding, reviewing and removing.
 */
export function RequiredDocuments({
  studentId,
  record,
  application,
}: {
  studentId: string;
  record: TStaffStudentRecord;
  application: Application;
}) {
  const headingId = useId();
  const { role } = useSignedInStaff();
  const mayReview = staffMay(role, 'reviewDocuments');
  const requests = useDocumentRequests(application.id);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<ViewedFile | null>(null);
  const [removing, setRemoving] = useState<TStaffDocumentRequest | null>(null);
  const [outcome, setOutcome] = useState('');
  const addRef = useRef<HTMLButtonElement>(null);

  const closeAdding = (said: string) => {
    setAdding(false);
    setOutcome(said);
    // The form goes: the keyboard goes back to the button that opened it.
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Required documents: {application.university}, {application.program}
        </h2>
        {mayReview ? (
          <Button
            ref={addRef}
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={adding}
            onClick={() => {
              setAdding(!adding);
            }}
          >
            <Plus aria-hidden="true" />
            Add request
          </Button>
        ) : null}
      </div>
      {adding ? (
        <AddRequestForm
          applicationId={application.id}
          onAdded={(title) => {
            closeAdding(`Requested ${title}.`);
          }}
          onCancel={() => {
            closeAdding('');
          }}
        />
      ) : null}
      {requests.isPending ? (
        <LoadingStatus>Loading the required documents…</LoadingStatus>
      ) : requests.isError ? (
        <LoadFailedAlert
          title="The required documents could not be loaded."
          onRetry={() => void requests.refetch()}
        />
      ) : (
        <>
          <MoveApplicationSuggestion
            studentId={studentId}
            record={record}
            application={application}
            requests={requests.data}
          />
          {requests.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No documents requested.</p>
          ) : (
            <ul aria-label="Requests" className="flex flex-col gap-2">
              {requests.data.map((request) => (
                <DocumentRequestItem
                  key={request.id}
                  studentId={studentId}
                  request={request}
                  today={calendarDayOf(new Date())}
                  mayReview={mayReview}
                  onView={setViewing}
                  onRemove={setRemoving}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <p role="status" className="text-sm text-muted-foreground">
        {outcome}
      </p>
      {viewing ? (
        <DocumentViewerDialog
          key={viewing.documentId}
          file={viewing}
          onClose={() => {
            setViewing(null);
          }}
        />
      ) : null}
      {removing ? (
        <RemoveRequestDialog
          request={removing}
          onRemoved={() => {
            setRemoving(null);
            setOutcome(`Removed the request for ${removing.title}.`);
            // Its row is gone: the keyboard goes to the section's own button.
            requestAnimationFrame(() => addRef.current?.focus());
          }}
          onCancel={() => {
            setRemoving(null);
          }}
        />
      ) : null}
    </section>
  );
}
