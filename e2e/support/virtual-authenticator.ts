import type { CDPSession, Page } from '@playwright/test';

/**
 * Chromium's DevTools virtual authenticator: a platform authenticator with resident keys that
 * verifies the user, standing in for a phone's fingerprint or face unlock.
 */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

export async function storedCredentials({ cdp, authenticatorId }: VirtualAuthenticator) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  return credentials;
}
