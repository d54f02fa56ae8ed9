import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { useSchoolChecklist } from '../../api/school-checklist.js';
import { ChecklistForm } from './checklist-form.js';

/** One school's checklist, read, then edited. */
export function SchoolChecklist({
  schoolId,
  schoolName,
}: {
  schoolId: number;
  schoolName: string;
}) {
  const checklist = useSchoolChecklist(schoolId);
  if (checklist.isPending) return <LoadingStatus>Loading the checklist…</LoadingStatus>;
  if (checklist.isError)
    return (
      <LoadFailedAlert
        title="The checklist could not be loaded."
        onRetry={() => void checklist.refetch()}
      />
    );
  return <ChecklistForm schoolId={schoolId} schoolName={schoolName} saved={checklist.data.items} />;
}
