import { CameraOff, RotateCcw } from 'lucide-react';
import { MOI_MESSAGES } from '../../../../shared/moi.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';

/**
 * How to allow the camera and microphone where students meet the portal. The installed app has
 * no address bar, and on Android its permissions are Chrome's for the portal's site: they are
 * changed in Chrome's settings, or the phone's.
 */
const HELP_PLACES = [
  {
    place: 'In a browser on a computer',
    steps: [
      'Select the camera or lock icon next to the web address at the top of your browser.',
      'Set Camera and Microphone to Allow.',
    ],
  },
  {
    place: 'In Chrome on an Android phone',
    steps: [
      'Tap the icon to the left of the web address, then Permissions.',
      'Turn on Camera and Microphone.',
    ],
  },
  {
    place: 'In the installed app (it has no address bar)',
    steps: [
      'Android: open Chrome, tap the menu (⋮), then Settings, then Site settings. Under Camera, and then under Microphone, find this portal and choose Allow. Then come back to the app.',
      'iPhone: open Settings, then Safari. Set Camera and Microphone to Allow or Ask. Then come back to the app.',
    ],
  },
] as const;

const LAST_STEPS = [
  "On Android, if Camera or Microphone cannot be turned on: open your phone's Settings, then Apps, then Chrome, then Permissions, and allow them.",
  'Close other apps that may be using your camera, such as video calls.',
  'Press Try Again. If nothing changes, close the app or reload the page.',
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
        <div className="flex flex-col gap-2">
          <p className="font-semibold">To allow access:</p>
          {HELP_PLACES.map(({ place, steps }) => (
            <div key={place}>
              <p className="font-medium">{place}</p>
              <ul aria-label={place} className="mt-1 list-disc space-y-1 pl-5">
                {steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ul>
            </div>
          ))}
          <p className="font-medium">If it still does not work</p>
          <ol className="list-decimal space-y-1 pl-5">
            {LAST_STEPS.map((step) => (
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
