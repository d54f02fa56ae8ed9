import { RecoveryPage } from '../../features/account-recovery/components/recovery-page.js';
import { SignupPasskeyStep } from '../../features/passkeys/components/signup-passkey-step.js';

export default function RecoverRoute() {
  return <RecoveryPage PasskeyStep={SignupPasskeyStep} />;
}
