import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { staffMay } from '../../../shared/staff-permissions.js';
import { STUDENT_STAGE_NAMES } from '../../../shared/student-stages.js';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../components/ui/loading-status.js';
import { TextLink } from '../../components/ui/text-link.js';
import { failedStatus } from '../api/console-request.js';
import { useStudentRecord } from '../api/get-student-record.js';
import { ConsolePage } from '../components/console-page.js';
import { ApplicationsSection } from '../components/record/applications-section.js';
import { DocumentsSection } from '../components/record/documents-section.js';
import { MessagesSection } from '../components/record/messages-section.js';
import { MoiSection } from '../components/record/moi-section.js';
import { NotesSection } from '../components/record/notes-section.js';
import { OverviewSection } from '../components/record/overview-section.js';
import { ProfileSection } from '../components/record/profile-section.js';
import { RecordChanges } from '../components/record/record-changes.js';
import { StudentDataCard } from '../components/record/student-data-card.js';
import { TimelineSection } from '../components/record/timeline-section.js';
import { Tabs, type TabDefinition } from '../components/tabs.js';
import { useSignedInStaff } from '../components/use-signed-in-staff.js';
import { consolePaths } from '../console-paths.js';

const RECORD_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'applications', label: 'Applications' },
  { id: 'documents', label: 'Documents' },
  { id: 'messages', label: 'Messages' },
  { id: 'moi', label: 'MOI recordings' },
  { id: 'profile', label: 'Profile' },
  { id: 'notes', label: 'Notes' },
  { id: 'timeline', label: 'Timeline' },
] as const satisfies readonly TabDefinition<string>[];

type RecordTab = (typeof RECORD_TABS)[number]['id'];

const isRecordTab = (value: string | null): value is RecordTab =>
  RECORD_TABS.some((tab) => tab.id === value);

function BackToList() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
      <Link to={consolePaths.students.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Back to the students
      </Link>
    </Button>
  );
}

/** `/staff/students/{id}`: one student's record, a tab per part (the address keeps the tab). */
export function StudentRecordPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const record = useStudentRecord(id);
  const { role } = useSignedInStaff();
  const requested = params.get('tab');
  const tab: RecordTab = isRecordTab(requested) ? requested : 'overview';

  if (record.isPending)
    return (
      <ConsolePage title="Student">
        <LoadingStatus>Loading the record…</LoadingStatus>
      </ConsolePage>
    );
  if (record.isError) {
    return (
      <ConsolePage title="Student">
        {failedStatus(record.error) === 404 ? (
          <Alert variant="warning">
            <AlertTitle>No student with this id.</AlertTitle>
            <AlertDescription>
              <TextLink asChild>
                <Link to={consolePaths.students.getHref()}>Back to the students</Link>
              </TextLink>
            </AlertDescription>
          </Alert>
        ) : (
          <LoadFailedAlert
            title="The record could not be loaded."
            onRetry={() => void record.refetch()}
          />
        )}
      </ConsolePage>
    );
  }

  const { overview } = record.data;
  return (
    <ConsolePage
      title={`${overview.firstName} ${overview.lastName}`}
      description={`${STUDENT_STAGE_NAMES[overview.stage]} · Student id ${overview.id}`}
    >
      <BackToList />
      <Tabs
        label="Record"
        tabs={RECORD_TABS}
        selected={tab}
        onSelect={(next) => {
          setParams(next === 'overview' ? {} : { tab: next }, { replace: true });
        }}
      >
        {tab === 'overview' ? (
          <div className="grid gap-8">
            <OverviewSection overview={overview} />
            <RecordChanges studentId={id} record={record.data} />
            {staffMay(role, 'handleStudentData') ? <StudentDataCard overview={overview} /> : null}
          </div>
        ) : null}
        {tab === 'applications' ? (
          <ApplicationsSection studentId={id} record={record.data} />
        ) : null}
        {tab === 'documents' ? (
          <DocumentsSection studentId={id} documents={record.data.documents} />
        ) : null}
        {tab === 'messages' ? (
          <MessagesSection studentId={id} messages={record.data.messages} />
        ) : null}
        {tab === 'moi' ? <MoiSection studentId={id} record={record.data} /> : null}
        {tab === 'profile' ? <ProfileSection studentId={id} profile={record.data.profile} /> : null}
        {tab === 'notes' ? <NotesSection studentId={id} /> : null}
        {tab === 'timeline' ? <TimelineSection studentId={id} /> : null}
      </Tabs>
    </ConsolePage>
  );
}
