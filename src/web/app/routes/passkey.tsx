import { useLocation } from 'react-router';
import { paths } from '../../config/paths.js';
import { RecoveryPage } from '../../features/account-recovery/components/recovery-page.js';
import { PasskeyScreen } from '../../features/passkeys/components/passkey-screen.js';
import { SignupPasskeyStep } from '../../features/passkeys/components/signup-passkey-step.js';

/**
 * The passkey screen, and account recovery, which the screen leads to: one module, so a student
 * who taps "New phone or lost your passkey?" has its code already, and the router's table (in the
 * welcome page's first load) names one module less.
 */
export default function PasskeyRoute() {
  const { pathname } = useLocation();
  if (pathname === paths.recover.getHref()) return <RecoveryPage PasskeyStep={SignupPasskeyStep} />;
  return <PasskeyScreen />;
}
