import { PasskeyScreen } from '../../features/passkeys/components/passkey-screen.js';

export function PasskeyRoute() {
  return <PasskeyScreen />;
}
