import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Label } from '../../components/ui/label.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../components/ui/loading-status.js';
import { Select } from '../../components/ui/select.js';
import { useStaffOrganisations } from '../api/get-staff-organisations.js';
import { useTeamOrganisations } from '../api/team.js';
import { SchoolChecklist } from '../components/checklists/school-checklist.js';
import { ConsolePage } from '../components/console-page.js';
import { useSignedInStaff } from '../components/use-signed-in-staff.js';

interface School {
  id: number;
  name: string;
}

/**
 * `/staff/checklists` (administrators and school officers): the documents a school asks every new
 * application for. An administrator picks the school (the address keeps it); a school officer
 * keeps their own school's.
 */
export function ChecklistsPage() {
  const { role } = useSignedInStaff();
  return (
    <ConsolePage
      title="Document checklists"
      description="The documents a school asks every new application for."
    >
      <p className="max-w-3xl text-sm">
        Each new application of the school gets these documents as requests, in this order, with the
        note and a due date the given number of days after the application is added. Applications
        made before keep the requests they have; staff add or remove requests on each application
        from the student&apos;s record.
      </p>
      {role === 'admin' ? <AnySchool /> : <OwnSchool />}
    </ConsolePage>
  );
}

/**
 * An administrator's choice of every school, from the team's list of organisations: the
 * students' organisations (GET /api/staff/organisations) leave out a school with no student yet,
 * which is when its checklist matters most.
 */
function AnySchool() {
  const id = useId();
  const schools = useTeamOrganisations();
  const [params, setParams] = useSearchParams();
  if (schools.isPending) return <LoadingStatus>Loading the schools…</LoadingStatus>;
  if (schools.isError)
    return (
      <LoadFailedAlert
        title="The schools could not be loaded."
        onRetry={() => void schools.refetch()}
      />
    );
  const chosen = schools.data.schools.find((school) => String(school.id) === params.get('school'));
  return (
    <div className="flex flex-col gap-4">
      <div className="grid max-w-md gap-2">
        <Label htmlFor={id}>School</Label>
        <Select
          id={id}
          value={chosen ? String(chosen.id) : ''}
          onChange={(event) => {
            setParams(event.target.value ? { school: event.target.value } : {}, { replace: true });
          }}
        >
          <option value="">Choose the school</option>
          {schools.data.schools.map((school) => (
            <option key={school.id} value={school.id}>
              {school.name}
            </option>
          ))}
        </Select>
      </div>
      {chosen ? <ChosenSchool school={chosen} /> : null}
    </div>
  );
}

/**
 * A school officer's own school: the one school of the students in their scope. The staff session
 * names the school but not its id, so it is read from there.
 */
function OwnSchool() {
  const organisations = useStaffOrganisations();
  if (organisations.isPending) return <LoadingStatus>Loading your school…</LoadingStatus>;
  if (organisations.isError)
    return (
      <LoadFailedAlert
        title="Your school could not be loaded."
        onRetry={() => void organisations.refetch()}
      />
    );
  const [school] = organisations.data.schools;
  if (!school)
    return (
      <p className="text-muted-foreground">
        Your school has no students in the portal yet. Ask an administrator to set its checklist.
      </p>
    );
  return <ChosenSchool school={school} />;
}

function ChosenSchool({ school }: { school: School }) {
  return (
    <section aria-labelledby="checklist-school" className="flex flex-col gap-3">
      <h2 id="checklist-school" className="text-lg font-semibold">
        {school.name}
      </h2>
      {/* Keyed by the school: another school's list starts afresh. */}
      <SchoolChecklist key={school.id} schoolId={school.id} schoolName={school.name} />
    </section>
  );
}
