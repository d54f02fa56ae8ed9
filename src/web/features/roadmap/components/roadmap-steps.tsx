import { CircleCheck, CircleDashed, Clock, Upload } from 'lucide-react';
import { Link } from 'react-router';
import type { TRoadmapStep, TRoadmapStepStatus } from '../../../../shared/roadmap.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { requiredDocumentsHref } from '../../../config/page-anchors.js';
import { paths } from '../../../config/paths.js';
import { cn } from '../../../lib/cn.js';
import { STEP_STATUS_DISPLAY } from '../utils/step-status.js';

const STATUS_ICON = {
  completed: CircleCheck,
  in_progress: Clock,
  pending: CircleDashed,
} satisfies Record<TRoadmapStepStatus, unknown>;

/**
 * The seven steps of spec section 4, in order, each with its status in words (the colour only
 * repeats them), its typical days, and on the step in progress what to do now.
 */
export function RoadmapSteps({ steps }: { steps: TRoadmapStep[] }) {
  return (
    <ol aria-label="Visa steps" className="flex flex-col">
      {steps.map((step, index) => {
        const Icon = STATUS_ICON[step.status];
        const display = STEP_STATUS_DISPLAY[step.status];
        const last = index === steps.length - 1;
        return (
          <li
            key={step.id}
            aria-current={step.status === 'in_progress' ? 'step' : undefined}
            className="grid grid-cols-[2.5rem_minmax(0,1fr)] gap-x-3"
          >
            <div className="flex flex-col items-center">
              <span
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-full border-2',
                  step.status === 'completed' && 'border-green-600 bg-green-50 text-green-700',
                  step.status === 'in_progress' && 'border-primary bg-primary-soft text-primary',
                  step.status === 'pending' && 'border-border-strong bg-card text-muted-foreground',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              {last ? null : <span aria-hidden="true" className="w-0.5 flex-1 bg-border" />}
            </div>
            <div className={cn('flex min-w-0 flex-col gap-2', last ? 'pb-0' : 'pb-6')}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-2">
                <h3 className="text-base font-semibold text-foreground">{step.title}</h3>
                <StatusBadge tone={display.tone}>{display.label}</StatusBadge>
              </div>
              <p className="text-sm leading-relaxed text-muted-foreground">{step.description}</p>
              {step.estimatedDays !== null && step.status !== 'completed' ? (
                <p className="text-sm font-medium text-foreground">
                  Typically {step.estimatedDays} days after admission
                </p>
              ) : null}
              {step.actionNote ? (
                <Alert variant="info" role="note">
                  <AlertDescription className="flex flex-col items-start gap-2">
                    <span>
                      <strong>Action needed:</strong> {step.actionNote}
                    </span>
                    {step.id === 'proof-of-funds' ? (
                      <Button asChild variant="outline" size="sm">
                        <Link
                          to={
                            step.actionApplicationId === null
                              ? paths.applications.getHref()
                              : requiredDocumentsHref(
                                  paths.application.getHref(step.actionApplicationId),
                                )
                          }
                        >
                          <Upload aria-hidden="true" />
                          Upload bank statements
                        </Link>
                      </Button>
                    ) : null}
                  </AlertDescription>
                </Alert>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
