import { SignupPasskeyStep } from '../../features/passkeys/components/signup-passkey-step.js';
import { SignupPage } from '../../features/signup/components/signup-page.js';

export default function SignupRoute() {
  return <SignupPage PasskeyStep={SignupPasskeyStep} />;
}
