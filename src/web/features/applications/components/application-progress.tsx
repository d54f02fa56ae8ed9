import { useId } from 'react';
import { Progress } from '../../../components/ui/progress.js';
import { applicationProgress } from '../utils/application-status.js';

/** How far along the application is (spec section 4), as a bar and in words. */
export function ApplicationProgress({ status }: { status: string }) {
  const labelId = useId();
  const value = applicationProgress(status);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-muted-foreground">
          Progress
        </span>
        <span aria-hidden="true" className="font-semibold text-foreground">
          {value}%
        </span>
      </div>
      <Progress value={value} aria-labelledby={labelId} />
    </div>
  );
}
