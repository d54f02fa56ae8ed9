import { Download, Upload, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { staffMay } from '../../../shared/staff-permissions.js';
import { Button } from '../../components/ui/button.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../components/ui/loading-status.js';
import { useStaffOrganisations } from '../api/get-staff-organisations.js';
import { useStudents } from '../api/get-students.js';
import {
  listFilterParams,
  readListFilters,
  studentsCsvHref,
  type TStudentListFilters,
} from '../api/student-list-query.js';
import { ConsolePage } from '../components/console-page.js';
import { StageBar } from '../components/students/stage-bar.js';
import { StudentFilters } from '../components/students/student-filters.js';
import { StudentTable } from '../components/students/student-table.js';
import { useSignedInStaff } from '../components/use-signed-in-staff.js';
import { consolePaths } from '../console-paths.js';

const studentsCount = (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`;

/**
 * `/staff/students`: every student in the caller's scope, 50 a page. The filters live in the
 * address (a list can be bookmarked and shared), the passport number in memory only.
 */
export function StudentsPage() {
  const { role } = useSignedInStaff();
  const [params, setParams] = useSearchParams();
  const [passport, setPassport] = useState<string | undefined>();
  const filters: TStudentListFilters = { ...readListFilters(params), passport };
  const students = useStudents(filters);
  const organisations = useStaffOrganisations();

  const changeFilters = (next: TStudentListFilters) => {
    setPassport(next.passport);
    setParams(listFilterParams(next, { forAddress: true }));
  };

  const pages = students.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.items);
  const first = pages[0];

  return (
    <ConsolePage
      title="Students"
      actions={
        <div className="flex flex-wrap gap-2">
          {staffMay(role, 'manageInvites') ? (
            <Button asChild>
              <Link to={consolePaths.addStudent.getHref()}>
                <UserPlus aria-hidden="true" />
                Add student
              </Link>
            </Button>
          ) : null}
          {staffMay(role, 'importStudents') ? (
            <Button asChild variant="outline">
              <Link to={consolePaths.importStudents.getHref()}>
                <Upload aria-hidden="true" />
                Import students
              </Link>
            </Button>
          ) : null}
          {passport ? null : (
            <Button asChild variant="outline">
              <a href={studentsCsvHref(filters)} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          )}
        </div>
      }
    >
      <StageBar
        counts={first?.stageCounts}
        stage={filters.stage}
        onChange={(stage) => {
          changeFilters({ ...filters, stage });
        }}
      />
      <StudentFilters
        filters={filters}
        organisations={organisations.data}
        onChange={changeFilters}
      />
      {passport ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            Showing the student with passport number <strong>{passport}</strong>
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              changeFilters({ ...filters, passport: undefined });
            }}
          >
            <X aria-hidden="true" />
            Clear passport search
          </Button>
        </div>
      ) : null}
      <p role="status" className="text-sm font-semibold text-muted-foreground">
        {first ? studentsCount(first.total) : null}
      </p>
      {students.isPending ? (
        <LoadingStatus>Loading the students…</LoadingStatus>
      ) : students.isError && rows.length === 0 ? (
        <LoadFailedAlert
          title="The students could not be loaded."
          onRetry={() => void students.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-border bg-card p-6 text-center text-muted-foreground">
          No students match these filters.
        </p>
      ) : (
        <>
          <StudentTable
            rows={rows}
            sort={filters.sort ?? 'name'}
            onSort={(sort) => {
              changeFilters({ ...filters, sort: sort === 'name' ? undefined : sort });
            }}
          />
          {students.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              aria-busy={students.isFetchingNextPage}
              onClick={() => {
                if (!students.isFetchingNextPage) void students.fetchNextPage();
              }}
            >
              {students.isFetchingNextPage ? 'Loading more…' : 'Load more'}
            </Button>
          ) : null}
          {students.isFetchNextPageError ? (
            <LoadFailedAlert
              title="More students could not be loaded."
              onRetry={() => void students.fetchNextPage()}
            />
          ) : null}
        </>
      )}
    </ConsolePage>
  );
}
