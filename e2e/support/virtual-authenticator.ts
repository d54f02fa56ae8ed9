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

type StoredCredential = Awaited<ReturnType<typeof storedCredentials>>[number];

/**
 * A virtual authenticator on `page` holding a copy of `credential` (its private key included): the
 * same passkey reaching another tab, as a synced passkey reaches the student's other devices.
 */
export async function authenticatorWith(
  page: Page,
  credential: StoredCredential,
): Promise<VirtualAuthenticator> {
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.cdp.send('WebAuthn.addCredential', {
    authenticatorId: authenticator.authenticatorId,
    credential,
  });
  return authenticator;
}

export async function removeVirtualAuthenticator({
  cdp,
  authenticatorId,
}: VirtualAuthenticator): Promise<void> {
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
}
