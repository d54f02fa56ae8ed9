import { Download, Upload, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { staffMay } from '../../../shared/staff-permissions.js';
import type { TStudentSelection } from '../../../shared/student-bulk-changes.js';
import { Alert, AlertDescription } from '../../components/ui/alert.js';
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
import { BulkActions } from '../components/students/bulk-actions.js';
import { StageBar } from '../components/students/stage-bar.js';
import { StudentFilters } from '../components/students/student-filters.js';
import { StudentTable } from '../components/students/student-table.js';
import { useSignedInStaff } from '../components/use-signed-in-staff.js';
import { consolePaths, type StudentsPageState } from '../console-paths.js';

const studentsCount = (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`;

/**
 * The students chosen for a bulk action: some by id, or every one the filters match. It belongs
 * to one list (`listKey`, its filters): changing the filters starts afresh.
 */
interface ListSelection {
  listKey: string;
  ids: ReadonlySet<string>;
  allMatching: boolean;
}

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
  const notice = (useLocation().state as StudentsPageState | null)?.notice;
  const listKey = listFilterParams(filters).toString();
  const none: ListSelection = { listKey, ids: new Set(), allMatching: false };
  const [chosen, setChosen] = useState<ListSelection>(none);
  const selection = chosen.listKey === listKey ? chosen : none;

  const changeFilters = (next: TStudentListFilters) => {
    setPassport(next.passport);
    setParams(listFilterParams(next, { forAddress: true }));
  };

  const pages = students.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.items);
  const first = pages[0];
  const total = first?.total ?? 0;
  const select = (ids: ReadonlySet<string>) => {
    setChosen({ listKey, ids, allMatching: false });
  };
  const allShownSelected = rows.length > 0 && rows.every((row) => selection.ids.has(row.id));
  const selectedCount = selection.allMatching ? total : selection.ids.size;
  const request: TStudentSelection = selection.allMatching
    ? {
        kind: 'matching',
        filters: {
          q: filters.q,
          passport: filters.passport,
          stage: filters.stage,
          schoolId: filters.schoolId,
          agencyId: filters.agencyId,
          needsMyAction: filters.needsMyAction,
        },
      }
    : { kind: 'students', ids: [...selection.ids] };
  const selectionCsv = selection.allMatching
    ? passport
      ? null
      : studentsCsvHref(filters)
    : studentsCsvHref(filters, [...selection.ids]);

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
      {notice ? (
        <Alert variant="success" role="status">
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <p role="status" className="text-sm font-semibold text-muted-foreground">
        {first ? studentsCount(first.total) : null}
      </p>
      {selectedCount > 0 ? (
        <BulkActions
          count={selectedCount}
          selection={request}
          csvHref={selectionCsv}
          onClear={() => {
            select(new Set());
          }}
        />
      ) : null}
      {allShownSelected && !selection.allMatching && total > rows.length ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => {
            setChosen({ listKey, ids: new Set(), allMatching: true });
          }}
        >
          Select all {studentsCount(total)} that match
        </Button>
      ) : null}
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
            selection={{
              isSelected: (id) => selection.allMatching || selection.ids.has(id),
              onToggle: (id, ticked) => {
                const ids = new Set(
                  selection.allMatching ? rows.map((row) => row.id) : selection.ids,
                );
                if (ticked) ids.add(id);
                else ids.delete(id);
                select(ids);
              },
              onToggleShown: (ticked) => {
                select(new Set(ticked ? rows.map((row) => row.id) : []));
              },
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
