import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { ArrowDown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { STUDENT_STAGE_NAMES } from '../../../../shared/student-stages.js';
import type { TStaffStudentRow, TStaffStudentSort } from '../../../../shared/staff-students.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { consolePaths } from '../../console-paths.js';

const features = tableFeatures({});

/** The columns the server sorts by; the others are in the order it answers. */
const SORTABLE: Partial<Record<string, TStaffStudentSort>> = { name: 'name', activity: 'activity' };

const columns: ColumnDef<typeof features, TStaffStudentRow>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => `${row.firstName} ${row.lastName}`,
    cell: ({ row }) => (
      <TextLink asChild>
        <Link to={consolePaths.student.getHref(row.original.id)}>
          {row.original.firstName} {row.original.lastName}
        </Link>
      </TextLink>
    ),
  },
  {
    id: 'email',
    header: 'E-mail',
    accessorFn: (row) => row.email ?? '',
    cell: ({ row }) => <span className="wrap-anywhere">{row.original.email ?? '—'}</span>,
  },
  { id: 'school', header: 'School', accessorFn: (row) => row.schoolName ?? '—' },
  {
    id: 'agency',
    header: 'Agency and agent',
    accessorFn: (row) => row.agencyName ?? '',
    cell: ({ row }) =>
      row.original.agencyName ? (
        <>
          <span className="block">{row.original.agencyName}</span>
          {row.original.agentName ? (
            <span className="block text-muted-foreground">{row.original.agentName}</span>
          ) : null}
        </>
      ) : (
        '—'
      ),
  },
  {
    id: 'stage',
    header: 'Stage',
    accessorFn: (row) => STUDENT_STAGE_NAMES[row.stage],
    cell: ({ row }) => (
      <StatusBadge tone={row.original.stage === 'identity_declined' ? 'danger' : 'info'}>
        {STUDENT_STAGE_NAMES[row.original.stage]}
      </StatusBadge>
    ),
  },
  {
    id: 'waiting',
    header: 'Waiting',
    accessorFn: (row) => row.waiting.join(', '),
    cell: ({ row }) =>
      row.original.waiting.length === 0 ? (
        <span className="text-muted-foreground">Nothing</span>
      ) : (
        <ul>
          {row.original.waiting.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ),
  },
  {
    id: 'activity',
    header: 'Last activity',
    accessorFn: (row) => row.lastActivityAt ?? '',
    cell: ({ row }) =>
      row.original.lastActivityAt ? (
        <RelativeTime value={row.original.lastActivityAt} afterAWeek="date" />
      ) : (
        <span className="text-muted-foreground">None yet</span>
      ),
  },
];

/** Which rows are selected for a bulk action, and how the checkboxes change that. */
export interface RowSelection {
  isSelected: (id: string) => boolean;
  /** Ticks or unticks one student. */
  onToggle: (id: string, selected: boolean) => void;
  /** Ticks or unticks every student shown. */
  onToggleShown: (selected: boolean) => void;
}

const CHECKBOX = 'size-5 accent-primary';

/** The header's checkbox: ticked when every row shown is, mixed when some are. */
function ShownCheckbox({ rows, selection }: { rows: TStaffStudentRow[]; selection: RowSelection }) {
  const ref = useRef<HTMLInputElement>(null);
  const ticked = rows.filter((row) => selection.isSelected(row.id)).length;
  const mixed = ticked > 0 && ticked < rows.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={CHECKBOX}
      aria-label="Select every student shown"
      checked={ticked === rows.length}
      onChange={(event) => {
        selection.onToggleShown(event.target.checked);
      }}
    />
  );
}

/**
 * One row per student (TanStack Table, headless, in the portal's own markup). Sorting is the
 * server's: a sortable column's header is a button that changes the address's `sort`. A row opens
 * the record: its name is the link, and a click anywhere on the row follows it too. With
 * `selection`, each row has a checkbox, and the header one for every row shown.
 */
export function StudentTable({
  rows,
  sort,
  onSort,
  selection,
}: {
  rows: TStaffStudentRow[];
  sort: TStaffStudentSort;
  onSort: (sort: TStaffStudentSort) => void;
  selection?: RowSelection | undefined;
}) {
  const navigate = useNavigate();
  const table = useTable({ features, columns, data: rows });
  // Relative: the headers' visually hidden words are positioned, and must scroll with the table
  // rather than widen the page on a phone.
  return (
    <div
      role="region"
      aria-label="Students"
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-border bg-card shadow-sm focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
    >
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="border-b border-border bg-muted/60">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection ? (
                <th scope="col" className="w-10 px-3 py-2.5">
                  <ShownCheckbox rows={rows} selection={selection} />
                </th>
              ) : null}
              {group.headers.map((header) => {
                const sortKey = SORTABLE[header.column.id];
                const label = String(header.column.columnDef.header);
                const active = sortKey !== undefined && sortKey === sort;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      active ? (sortKey === 'name' ? 'ascending' : 'descending') : undefined
                    }
                    className="px-3 py-2.5 font-semibold whitespace-nowrap text-foreground"
                  >
                    {sortKey === undefined ? (
                      label
                    ) : (
                      <button
                        type="button"
                        onClick={() => {
                          onSort(sortKey);
                        }}
                        className="inline-flex items-center gap-1 rounded font-semibold hover:underline focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        {label}
                        {active ? <ArrowDown className="size-3.5" aria-hidden="true" /> : null}
                        <span className="sr-only">
                          {active ? ' (sorted)' : ', sort by this column'}
                        </span>
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.original.id}
              className="cursor-pointer border-b border-border last:border-b-0 hover:bg-muted/50"
              onClick={(event) => {
                // The link in the row goes there itself; a click elsewhere in the row follows it.
                if ((event.target as HTMLElement).closest('a, button, input')) return;
                void navigate(consolePaths.student.getHref(row.original.id));
              }}
            >
              {selection ? (
                <td className="px-3 py-2.5 align-top">
                  <input
                    type="checkbox"
                    className={CHECKBOX}
                    aria-label={`Select ${row.original.firstName} ${row.original.lastName}`}
                    checked={selection.isSelected(row.original.id)}
                    onChange={(event) => {
                      selection.onToggle(row.original.id, event.target.checked);
                    }}
                  />
                </td>
              ) : null}
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2.5 align-top">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
