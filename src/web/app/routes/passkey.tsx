import { PasskeyScreen } from '../../features/passkeys/components/passkey-screen.js';

export default function PasskeyRoute() {
  return <PasskeyScreen />;
}
