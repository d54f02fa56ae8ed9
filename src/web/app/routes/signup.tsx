import { SignupPasskeyStep } from '../../features/passkeys/components/signup-passkey-step.js';
import { SignupPage } from '../../features/onboarding/components/signup-page.js';

export default function SignupRoute() {
  return <SignupPage PasskeyStep={SignupPasskeyStep} />;
}
