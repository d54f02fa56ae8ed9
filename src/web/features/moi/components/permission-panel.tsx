import { CameraOff, RotateCcw } from 'lucide-react';
import { MOI_MESSAGES } from '../../../../shared/moi.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';

const HELP_STEPS = [
  'Select the camera or lock icon next to the web address at the top of your browser.',
  'Set Camera and Microphone to Allow.',
  'Close other apps that may be using your camera, such as video calls.',
  'Press Try Again. If nothing changes, reload the page.',
] as const;

/**
 * Spec section 8: without camera and microphone access, the interview cannot go on. Says why it
 * failed, how to allow access, and asks again on 'Try Again'.
 */
export function PermissionPanel({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <CameraOff aria-hidden="true" />
      <AlertTitle>{MOI_MESSAGES.accessRequired}</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        {error ? <p>{error}</p> : null}
        <div>
          <p className="font-semibold">To allow access:</p>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            {HELP_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <Button type="button" variant="outline" className="w-fit" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          Try Again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
