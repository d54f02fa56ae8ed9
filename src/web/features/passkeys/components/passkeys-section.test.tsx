import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_CHANGE_MESSAGES, type TPasskey } from '../../../../shared/passkeys.js';
import { signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderWithPageContext } from '../../../test/render-app.js';
import {
  authenticationCredential,
  authenticationOptions,
  registrationCredential,
  registrationOptions,
} from '../test/passkey-fixtures.js';
import { SIGN_OUT_OTHER_DEVICES } from './passkey-change-dialog.js';
import { PASSKEYS_TEXTS, PasskeysSection } from './passkeys-section.js';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
const browserCreate = vi.mocked(startRegistration);
const browserGet = vi.mocked(startAuthentication);

const phone: TPasskey = {
  id: 'cGhvbmUta2V5',
  name: 'Chrome on Android',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
};
const laptop: TPasskey = {
  id: 'bGFwdG9wLWtleQ',
  name: 'Safari on Mac',
  createdAt: '2026-04-02T10:00:00.000Z',
  lastUsedAt: new Date().toISOString(),
};
const confirmFirst = () => json({ message: PASSKEY_CHANGE_MESSAGES.confirmationRequired }, 403);
const session = (token: string) => json({ success: true, token, user: signedInStudent() });

/** One answer after another; the last one again when they run out. */
function inTurn(...answers: (() => Response)[]): () => Response {
  let next = 0;
  return () => {
    const answer = answers[Math.min(next, answers.length - 1)];
    next += 1;
    if (!answer) throw new Error('no answer');
    return answer();
  };
}

beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReset().mockReturnValue(true);
  browserCreate.mockReset().mockResolvedValue(registrationCredential);
  browserGet.mockReset().mockResolvedValue(authenticationCredential);
});

function renderSection(passkeys: () => TPasskey[], api: Record<string, Answer> = {}) {
  sessionStorage.setItem('jwt_token', 'stored-token');
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': json(signedInStudent()),
    'GET /api/passkeys': () => json({ passkeys: passkeys() }),
    ...api,
  });
  renderWithPageContext(<PasskeysSection />);
  return { ...fake, user: userEvent.setup() };
}

const section = () => screen.findByRole('region', { name: 'Passkeys' });
const items = async () => within(await section()).findAllByRole('listitem');
const dialog = () => screen.findByRole('alertdialog');
/** What the app's frame reads whatever the page: the public config and the student's language. */
const FRAME_READS = new Set(['/api/config', '/api/language']);

const requests = (sent: { method: string; url: string }[]) =>
  sent.filter((r) => !FRAME_READS.has(r.url)).map((r) => `${r.method} ${r.url}`);

describe('the Passkeys section of the profile', () => {
  it('lists each passkey with its name, when it was made and last used', async () => {
    renderSection(() => [phone, laptop]);

    const [first, second] = await items();
    expect(first?.textContent).toContain('Chrome on Android');
    expect(first?.textContent).toContain('Mar 1, 2026');
    expect(first?.textContent).toContain('Last usedNot yet');
    expect(second?.textContent).toContain('Safari on Mac');
    expect(second?.textContent).toContain('Last usedJust now');
    expect(
      within(first ?? document.body).getByRole('button', { name: 'Remove Chrome on Android' }),
    ).toBeTruthy();
    expect(screen.queryByText(PASSKEYS_TEXTS.onlyPasskey)).toBeNull();
  });

  it('offers no Remove for the only passkey, and says why', async () => {
    renderSection(() => [phone]);

    await items();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByText(PASSKEYS_TEXTS.onlyPasskey)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });

  it('says so when the student has no passkey yet (a demo login), and offers to add one', async () => {
    renderSection(() => []);

    expect(await screen.findByText(PASSKEYS_TEXTS.none)).toBeTruthy();
    expect(within(await section()).queryAllByRole('listitem')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toHaveProperty('disabled', false);
  });

  it('offline, says the list is shown online, without an alarm', async () => {
    renderSection(() => [phone], {
      'GET /api/passkeys': () => {
        throw new TypeError('Failed to fetch');
      },
    });

    expect(await screen.findByText(PASSKEYS_TEXTS.offline)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so, with Try Again, when the list cannot be loaded', async () => {
    renderSection(() => [phone], { 'GET /api/passkeys': json({ message: 'Server error' }, 500) });

    expect((await screen.findByRole('alert')).textContent).toContain(PASSKEYS_TEXTS.loadFailed);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('in a browser without passkeys, lists them but offers no change, and says why', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    renderSection(() => [phone, laptop]);

    expect(await items()).toHaveLength(2);
    expect(await screen.findByText(PASSKEYS_TEXTS.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toHaveProperty('disabled', true);
  });

  it('removes a passkey, confirming with a passkey first when the server asks, and keeps the new session', async () => {
    let list = [phone, laptop];
    const { sent, user } = renderSection(() => list, {
      'DELETE /api/passkeys/cGhvbmUta2V5': inTurn(confirmFirst, () => {
        list = [laptop];
        return json({});
      }),
      'POST /api/webauthn/confirm/begin': json(authenticationOptions),
      'POST /api/webauthn/confirm/complete': session('confirmed-token'),
    });

    await user.click(await screen.findByRole('button', { name: 'Remove Chrome on Android' }));
    expect(within(await dialog()).getByText(/Chrome on Android/)).toBeTruthy();
    await user.click(within(await dialog()).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(PASSKEYS_TEXTS.removed)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(async () => {
      expect(await items()).toHaveLength(1);
    });
    expect(requests(sent)).toEqual([
      'GET /api/user/profile',
      'GET /api/passkeys',
      'DELETE /api/passkeys/cGhvbmUta2V5',
      'POST /api/webauthn/confirm/begin',
      'POST /api/webauthn/confirm/complete',
      'DELETE /api/passkeys/cGhvbmUta2V5',
      'GET /api/passkeys',
    ]);
    const deletes = sent.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer stored-token',
      'Bearer confirmed-token',
    ]);
    expect(JSON.parse(deletes[1]?.body ?? '')).toEqual({ signOutOtherDevices: false });
    expect(sessionStorage.getItem('jwt_token')).toBe('confirmed-token');
  });

  it("adds a passkey on this device and, when asked, signs out the other devices: this one keeps the answer's session", async () => {
    let list = [phone];
    const { sent, user } = renderSection(() => list, {
      'POST /api/webauthn/register/begin': json(registrationOptions),
      'POST /api/webauthn/register/complete': () => {
        list = [phone, laptop];
        return session('after-adding-token');
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.click(within(await dialog()).getByLabelText(SIGN_OUT_OTHER_DEVICES));
    await user.click(within(await dialog()).getByRole('button', { name: 'Add passkey' }));

    expect(
      await screen.findByText(`${PASSKEYS_TEXTS.added} ${PASSKEYS_TEXTS.signedOutElsewhere}`),
    ).toBeTruthy();
    await waitFor(async () => {
      expect(await items()).toHaveLength(2);
    });
    const complete = sent.find((r) => r.url === '/api/webauthn/register/complete');
    expect(JSON.parse(complete?.body ?? '')).toMatchObject({
      credential: registrationCredential,
      userId: signedInStudent().id,
      signOutOtherDevices: true,
    });
    expect(browserGet).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('jwt_token')).toBe('after-adding-token');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a passkey' }));
  });

  it("shows why a change was refused, in the dialog, and keeps the student's session", async () => {
    const { user } = renderSection(() => [phone, laptop], {
      'DELETE /api/passkeys/cGhvbmUta2V5': confirmFirst,
      'POST /api/webauthn/confirm/begin': json(authenticationOptions),
      'POST /api/webauthn/confirm/complete': json(
        { message: PASSKEY_CHANGE_MESSAGES.confirmationFailed },
        403,
      ),
    });

    await user.click(await screen.findByRole('button', { name: 'Remove Chrome on Android' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Remove' }));

    expect(await within(await dialog()).findByText(PASSKEY_CHANGE_MESSAGES.confirmationFailed));
    expect(sessionStorage.getItem('jwt_token')).toBe('stored-token');
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await items()).toHaveLength(2);
  });
});
