import {
  browserSupportsWebAuthn,
  startRegistration,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import { organisations, rahul, studentList } from '../test/staff-data.js';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const credential: RegistrationResponseJSON = {
  id: 'c3RhZmYtMQ',
  rawId: 'c3RhZmYtMQ',
  type: 'public-key',
  response: { clientDataJSON: 'Y2Q', attestationObject: 'YXR0' },
  clientExtensionResults: {},
};
const options = { challenge: 'ZW5yb2w', rp: { name: 'F-1 Student Portal' } };

beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
});

describe('the enrolment page', () => {
  it.each([
    ['its fragment', '/staff/enrol#token=link-token'],
    ['its query', '/staff/enrol?token=link-token'],
  ])(
    'reads the token from %s, greets the person, creates the passkey and opens the console',
    async (_where, path) => {
      vi.mocked(startRegistration).mockResolvedValue(credential);
      const { user, sent, address } = renderConsole(path, {
        signedIn: null,
        api: {
          'POST /api/staff/enrol/begin': json({ name: 'Rahul Mehta', options }),
          'POST /api/staff/enrol/complete': json({ staff: rahul }),
          'GET /api/staff/students': json(studentList()),
          'GET /api/staff/organisations': json(organisations),
        },
      });

      expect(await screen.findByRole('heading', { name: 'Welcome, Rahul Mehta' })).toBeTruthy();
      expect(await seriousViolations()).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Create your passkey' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Students' })).toBeTruthy();
      expect(address()).toBe('/staff/students');
      const begin = sent.find((r) => r.url === '/api/staff/enrol/begin');
      expect(JSON.parse(begin?.body ?? '')).toEqual({ token: 'link-token' });
      expect(vi.mocked(startRegistration)).toHaveBeenCalledWith({ optionsJSON: options });
      const complete = sent.find((r) => r.url === '/api/staff/enrol/complete');
      expect(JSON.parse(complete?.body ?? '')).toEqual({
        token: 'link-token',
        response: credential,
      });
    },
  );

  it("shows the server's reason for a used or expired link, and no passkey button", async () => {
    renderConsole('/staff/enrol#token=old-token', {
      signedIn: null,
      api: {
        'POST /api/staff/enrol/begin': json(
          { message: 'This enrolment link has expired. Ask an administrator for a new one.' },
          410,
        ),
      },
    });

    expect(await screen.findByText('This link cannot be used.')).toBeTruthy();
    expect(
      screen.getByText('This enrolment link has expired. Ask an administrator for a new one.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create your passkey' })).toBeNull();
  });

  it('says a link without a token is incomplete, asking the server nothing', async () => {
    const { requests } = renderConsole('/staff/enrol', { signedIn: null });

    expect(await screen.findByText('This enrolment link is incomplete.')).toBeTruthy();
    expect(requests()).toEqual([]);
  });

  it('lets the person try again after cancelling the prompt, with a fresh challenge', async () => {
    vi.mocked(startRegistration).mockRejectedValueOnce(
      new DOMException('Not allowed.', 'NotAllowedError'),
    );
    const { user, requests } = renderConsole('/staff/enrol#token=link-token', {
      signedIn: null,
      api: { 'POST /api/staff/enrol/begin': json({ name: 'Rahul Mehta', options }) },
    });

    await user.click(await screen.findByRole('button', { name: 'Create your passkey' }));

    expect(
      await screen.findByText('No passkey was created. Try again when you are ready.'),
    ).toBeTruthy();
    await vi.waitFor(() => {
      expect(requests()).toEqual(['POST /api/staff/enrol/begin', 'POST /api/staff/enrol/begin']);
    });
  });
});
