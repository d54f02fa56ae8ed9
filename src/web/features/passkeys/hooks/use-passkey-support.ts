import { useState } from 'react';
import { usePublicConfig } from '../../../lib/public-config.js';
import { browserCanMakePasskeys } from '../utils/browser-can-make-passkeys.js';

/**
 * How this page makes passkeys (spec sections 2 and 8):
 * - 'real': the browser's own passkeys, wherever it can make them (localhost included);
 * - 'simulated': it cannot (no WebAuthn, or a preview inside a cross-origin frame) and the server
 *   runs in demo mode, so a simulated passkey stands in, with a notice saying so;
 * - 'unsupported': it cannot, and this is no demo: a notice, and no passkey button;
 * - 'checking': it cannot, and the server's mode is not known yet.
 */
export type PasskeySupport = 'real' | 'simulated' | 'unsupported' | 'checking';

export function usePasskeySupport(): PasskeySupport {
  // Neither the browser nor the frame can change while the page is open.
  const [canMakeReal] = useState(() => browserCanMakePasskeys());
  const config = usePublicConfig({ enabled: !canMakeReal });
  if (canMakeReal) return 'real';
  if (config.isPending) return 'checking';
  return config.data?.simulatedPasskeys === true ? 'simulated' : 'unsupported';
}
