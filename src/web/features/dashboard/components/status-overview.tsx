import {
  CalendarCheck,
  CircleCheck,
  Clock,
  CreditCard,
  FileText,
  GraduationCap,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.js';
import { moiStatusLabel, type DashboardStatus } from '../utils/applicant-status.js';

type TileState = 'done' | 'waiting' | 'todo';

interface Tile {
  label: string;
  value: string;
  icon: LucideIcon;
  state: TileState;
}

const STATE_STYLES: Record<TileState, { icon: LucideIcon; className: string }> = {
  done: { icon: CircleCheck, className: 'text-green-800' },
  waiting: { icon: Clock, className: 'text-slate-700' },
  todo: { icon: Clock, className: 'text-amber-800' },
};

function tilesFor(status: DashboardStatus, moiLoading: boolean): Tile[] {
  const tiles: Tile[] = [
    {
      label: 'Application Status',
      value: status.admissionStatus,
      icon: GraduationCap,
      state: status.admissionStatus === 'Admitted' ? 'done' : 'waiting',
    },
    {
      label: 'I-20 Status',
      value: status.i20Issued ? 'Issued' : 'Not Issued',
      icon: FileText,
      state: status.i20Issued ? 'done' : 'waiting',
    },
    {
      label: 'SEVIS Fee',
      value: status.sevisPaid ? 'Paid' : 'Not Paid',
      icon: CreditCard,
      state: status.sevisPaid ? 'done' : 'todo',
    },
    {
      label: 'Visa Appointment',
      value: 'Schedule Required',
      icon: CalendarCheck,
      state: 'todo',
    },
  ];
  // Spec section 2: the fifth tile only when the school requires the MOI interview.
  if (status.requireMoi) {
    tiles.push({
      label: 'MOI Interview',
      value: moiStatusLabel(status.moiStatus, moiLoading),
      icon: Video,
      state: moiLoading ? 'waiting' : status.moiStatus === 'Submitted' ? 'done' : 'todo',
    });
  }
  return tiles;
}

/**
 * The status overview of spec section 2: four tiles, five when MOI is required. The status line
 * above them is a live region, so a screen reader hears when the student's record has loaded.
 */
export function StatusOverview({
  status,
  loading,
  loaded,
  moiLoading,
}: {
  status: DashboardStatus;
  loading: boolean;
  loaded: boolean;
  moiLoading: boolean;
}) {
  const tiles = tilesFor(status, moiLoading);
  return (
    <section aria-labelledby="status-overview-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="status-overview-title" className="text-xl font-bold tracking-tight">
          Status Overview
        </h2>
        <p role="status" className="text-sm text-muted-foreground">
          {loading ? (
            <span className="inline-flex items-center gap-2">
              <Spinner size="sm" />
              Loading your latest status…
            </span>
          ) : loaded ? (
            <span className="sr-only">Your status is up to date.</span>
          ) : null}
        </p>
      </div>
      <dl
        className={
          tiles.length > 4
            ? 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5'
            : 'grid grid-cols-2 gap-3 lg:grid-cols-4'
        }
      >
        {tiles.map((tile) => {
          const { icon: StateIcon, className } = STATE_STYLES[tile.state];
          return (
            <div
              key={tile.label}
              data-slot="status-tile"
              className="flex min-w-0 flex-col gap-2 rounded-2xl border border-border bg-card p-4 shadow-xs"
            >
              <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
                <tile.icon className="size-4 shrink-0" aria-hidden="true" />
                {tile.label}
              </dt>
              <dd
                className={`flex items-start gap-1.5 text-base leading-snug font-semibold break-words ${className}`}
              >
                <StateIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0">{tile.value}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
