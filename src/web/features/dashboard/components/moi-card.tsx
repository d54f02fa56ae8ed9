import { CircleCheck, Video } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { Button } from '../../../components/ui/button.js';
import { paths } from '../../../config/paths.js';
import { useMoiRetakeReason } from '../../../hooks/use-moi-retake-reason.js';
import { MOI_STATUS_DISPLAY } from '../../../lib/status-display.js';
import { moiStatusLabel, type MoiStatus } from '../utils/applicant-status.js';
import type { DashboardTask } from '../utils/dashboard-plan.js';
import { TaskCard } from './task-card.js';

/**
 * The English-interview card, shown only when the school requires it (spec sections 2 and 4,
 * "MOI status"): anything but Submitted offers 'Start MOI Interview'.
 */
export function MoiCard({
  task,
  status,
  loading,
}: {
  task: DashboardTask;
  status: MoiStatus;
  loading: boolean;
}) {
  const label = moiStatusLabel(status, loading);
  const submitted = !loading && status === 'Submitted';
  const retakeReason = useMoiRetakeReason(!loading && status === 'Incomplete');
  return (
    <TaskCard
      task={task}
      title="MOI Interview"
      icon={Video}
      badge={
        <StatusBadge tone={loading ? 'neutral' : MOI_STATUS_DISPLAY[status].tone}>
          {label}
        </StatusBadge>
      }
    >
      <p>
        Your school asks for a short recorded Medium of Instruction (MOI) interview: three
        questions, answered on camera, to confirm you can study in English.
      </p>
      {submitted ? (
        <div className="flex items-start gap-2 rounded-xl border border-green-300 bg-green-50 px-3 py-2.5 text-green-900">
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">MOI Submitted</span>
            <span className="block">Your school will review your recording.</span>
          </p>
        </div>
      ) : (
        <>
          {retakeReason ? (
            <p className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2.5 text-amber-950">
              <span className="block font-semibold">
                Your school asked you to record the interview again
              </span>
              <span className="wrap-anywhere">{retakeReason}</span>
            </p>
          ) : null}
          {!loading && status === 'Pending' ? (
            <p>Your interview is waiting for review. You can record it again if you need to.</p>
          ) : null}
          <Button asChild variant="outline" className="mt-auto w-full sm:w-fit">
            <Link to={paths.moi.getHref()}>
              <Video aria-hidden="true" />
              Start MOI Interview
            </Link>
          </Button>
        </>
      )}
    </TaskCard>
  );
}
