import { TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';

/**
 * Spec sections 2 and 8: a browser without WebAuthn gets a notice instead of a passkey button
 * that could only fail.
 */
export function WebAuthnUnsupportedNotice() {
  return (
    <Alert variant="warning">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>WebAuthn (passkeys) is not supported in this browser</AlertTitle>
      <AlertDescription>
        Please open this page in an up-to-date Chrome, Safari or Edge to create and use your
        passkey.
      </AlertDescription>
    </Alert>
  );
}
