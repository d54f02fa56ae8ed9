import { FlaskConical } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';

/**
 * Spec section 2: in a demo or hosted preview where the browser cannot make a passkey, say that a
 * real one needs a proper deployment and that a simulated one is used. Not urgent, so a note
 * rather than an alert.
 */
export function SimulatedPasskeyNotice() {
  return (
    <Alert role="note" variant="info">
      <FlaskConical aria-hidden="true" />
      <AlertTitle>This demo uses a simulated passkey</AlertTitle>
      <AlertDescription>
        Passkeys need a secure, top-level page. In this demo a simulated passkey is used instead; a
        real deployment uses your device&apos;s passkey.
      </AlertDescription>
    </Alert>
  );
}
