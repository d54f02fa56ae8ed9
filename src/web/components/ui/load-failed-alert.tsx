import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './alert.js';
import { Button } from './button.js';

/** Something that failed to load, said plainly, with 'Try Again'. */
export function LoadFailedAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert data-slot="load-failed-alert" variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-2">
        Please check your connection and try again.
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          Try Again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
