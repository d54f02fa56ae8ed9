import { Check } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.js';
import { cn } from '../../../lib/cn.js';

export const STEPS = ['Take your photos', 'Check the result', 'Review'] as const;

/** The three waits of the flow, with where the student is now. */
export function StepList({ current }: { current: number }) {
  return (
    <ol aria-label="Verification progress" className="grid gap-3 text-sm">
      {STEPS.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className="flex items-center gap-3"
          >
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                done && 'border-success bg-success text-white',
                active && 'border-primary bg-primary-soft text-primary-soft-foreground',
                !done && !active && 'border-border-strong text-muted-foreground',
              )}
            >
              {done ? (
                <Check className="size-4" aria-hidden="true" />
              ) : active ? (
                <Spinner size="sm" />
              ) : (
                index + 1
              )}
            </span>
            <span
              className={cn(
                active && 'font-semibold',
                active || done ? 'text-foreground' : 'text-muted-foreground',
              )}
            >
              {label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
