import {
  CalendarCheck,
  CreditCard,
  FileText,
  GraduationCap,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import {
  MOI_STATUS_DISPLAY,
  VISA_APPOINTMENT_DISPLAY,
  admissionStatusDisplay,
  i20StatusDisplay,
  sevisStatusDisplay,
  type StatusDisplay,
} from '../../../lib/status-display.js';
import { MOI_LOADING_LABEL, type DashboardStatus } from '../utils/applicant-status.js';

interface Tile {
  label: string;
  icon: LucideIcon | null;
  /** Null while it loads. */
  display: StatusDisplay | null;
}

/** The spec's four tiles, and the fifth when the school requires MOI (spec section 2). */
function tilesFor(status: DashboardStatus, moiLoading: boolean): Tile[] {
  const tiles: Tile[] = [
    {
      label: 'Application Status',
      icon: GraduationCap,
      display: admissionStatusDisplay(status.admissionStatus),
    },
    { label: 'I-20 Status', icon: FileText, display: i20StatusDisplay(status.i20Issued) },
    {
      label: 'SEVIS Fee',
      icon: CreditCard,
      display: sevisStatusDisplay(status.sevisPaid, status.i20Issued),
    },
    { label: 'Visa Appointment', icon: CalendarCheck, display: VISA_APPOINTMENT_DISPLAY },
  ];
  if (status.requireMoi) {
    tiles.push({
      label: 'MOI Interview',
      icon: Video,
      display: moiLoading ? null : MOI_STATUS_DISPLAY[status.moiStatus],
    });
  }
  return tiles;
}

const PLACEHOLDER_TILES = ['Application Status', 'I-20 Status', 'SEVIS Fee', 'Visa Appointment'];

/**
 * The status overview of spec section 2: four tiles, five when MOI is required, each in the word
 * and colour every page gives its status. Until the record has loaded (`status` null) the tiles
 * are placeholders of the same size: the spec's defaults are not facts about this student.
 */
export function StatusOverview({
  status,
  loading,
  moiLoading,
}: {
  status: DashboardStatus | null;
  /** Still loading (the placeholders pulse), rather than failed to load. */
  loading: boolean;
  /** A record already shown is read again (after the interview, say): its MOI status may change. */
  moiLoading: boolean;
}) {
  const tiles = status
    ? tilesFor(status, moiLoading)
    : PLACEHOLDER_TILES.map((label) => ({ label, icon: null, display: null }));
  return (
    <section aria-labelledby="status-overview-title" className="flex flex-col gap-4">
      <h2 id="status-overview-title" className="text-xl font-bold tracking-tight">
        Status Overview
      </h2>
      <dl
        className={
          tiles.length > 4
            ? 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5'
            : 'grid grid-cols-2 gap-3 lg:grid-cols-4'
        }
      >
        {tiles.map((tile) => (
          <div
            key={tile.label}
            data-slot="status-tile"
            className="flex min-w-0 flex-col gap-2 rounded-2xl border border-border bg-card p-4 shadow-xs"
          >
            <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
              {tile.icon ? <tile.icon className="size-4 shrink-0" aria-hidden="true" /> : null}
              {tile.label}
            </dt>
            <dd className="min-h-6">
              {tile.display ? (
                <StatusBadge tone={tile.display.tone} className="text-sm whitespace-normal">
                  {tile.display.word}
                </StatusBadge>
              ) : status ? (
                // Spec section 4: the MOI status reads 'Loading…' while a changed record loads.
                <span className="text-sm font-semibold text-muted-foreground">
                  {MOI_LOADING_LABEL}
                </span>
              ) : (
                <>
                  <Skeleton pulse={loading} className="h-6 w-24 rounded-full" />
                  <span className="sr-only">{loading ? 'Loading' : 'Not loaded'}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
