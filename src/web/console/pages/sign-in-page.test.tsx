import {
  browserSupportsWebAuthn,
  startAuthentication,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import { rahul, staffMember, studentList, organisations } from '../test/staff-data.js';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const assertion: AuthenticationResponseJSON = {
  id: 'c3RhZmYtMQ',
  rawId: 'c3RhZmYtMQ',
  type: 'public-key',
  response: { clientDataJSON: 'Y2Q', authenticatorData: 'YWQ', signature: 'c2ln' },
  clientExtensionResults: {},
};

/** What the students page reads once a sign-in lands there. */
const studentsAnswers = {
  'GET /api/staff/students': json(studentList()),
  'GET /api/staff/organisations': json(organisations),
};

beforeEach(() => {
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
});

describe('the staff sign-in page', () => {
  it('offers the passkey and, outside demo mode, no demo buttons; axe finds nothing serious', async () => {
    const { sent } = renderConsole('/staff/sign-in', { signedIn: null });

    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
    // The console stays in English (issue 27): its pages offer no language.
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
    await waitFor(() => {
      expect(sent.map((r) => r.url)).toContain('/api/config');
    });
    expect(screen.queryByRole('button', { name: /^Try as/ })).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('in demo mode, "Try as agent" signs in as the demo agent with the cookie only, and opens the students', async () => {
    const { user, sent, address } = renderConsole('/staff/sign-in', {
      signedIn: null,
      demoMode: true,
      api: { 'POST /api/staff/demo-login': json({ staff: rahul }), ...studentsAnswers },
    });

    for (const name of ['Try as administrator', 'Try as agent', 'Try as school officer'])
      expect(await screen.findByRole('button', { name })).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Try as agent' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Students' })).toBeTruthy();
    expect(address()).toBe('/staff/students');
    const login = sent.find((r) => r.url === '/api/staff/demo-login');
    expect(JSON.parse(login?.body ?? '')).toEqual({ role: 'agent' });
    expect(login?.credentials).toBe('same-origin');
    expect(login?.headers.has('authorization')).toBe(false);
    // The header says who is signed in and as what; an agent has no Team, Audit log or Saved replies.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Rahul Mehta')).toBeTruthy();
    expect(within(banner).getByText('Agent, Bright Horizons Education')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Students', 'Inbox', 'Reviews', 'Notifications']);
  });

  it('signs in with a passkey: begin, the browser prompt, complete with its response', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(assertion);
    const options = { challenge: 'c3RhZmYtY2hhbGxlbmdl', rpId: 'localhost' };
    const { user, sent, address } = renderConsole('/staff/sign-in', {
      signedIn: null,
      api: {
        'POST /api/staff/sign-in/begin': json({ options }),
        'POST /api/staff/sign-in/complete': json({ staff: staffMember() }),
        ...studentsAnswers,
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Students' })).toBeTruthy();
    expect(address()).toBe('/staff/students');
    expect(vi.mocked(startAuthentication)).toHaveBeenCalledWith({ optionsJSON: options });
    const complete = sent.find((r) => r.url === '/api/staff/sign-in/complete');
    expect(JSON.parse(complete?.body ?? '')).toEqual({ response: assertion });
    // An administrator's sections.
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Students',
      'Inbox',
      'Reviews',
      'Checklists',
      'Team',
      'Audit log',
      'Saved replies',
      'Mail',
      'Notifications',
    ]);
  });

  it('says so when no passkey was used, and when the server refuses the one that was', async () => {
    vi.mocked(startAuthentication).mockRejectedValueOnce(
      new DOMException('Not allowed.', 'NotAllowedError'),
    );
    const { user } = renderConsole('/staff/sign-in', {
      signedIn: null,
      api: {
        'POST /api/staff/sign-in/begin': json({ options: { challenge: 'Y2g' } }),
        'POST /api/staff/sign-in/complete': json(
          { message: 'This passkey belongs to no staff account.' },
          401,
        ),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^No passkey was used\./);

    vi.mocked(startAuthentication).mockResolvedValueOnce(assertion);
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('This passkey belongs to no staff account.')).toBeTruthy();
  });

  it('sends someone already signed in on to the students', async () => {
    const { address } = renderConsole('/staff/sign-in', { api: studentsAnswers });

    expect(await screen.findByRole('heading', { level: 1, name: 'Students' })).toBeTruthy();
    expect(address()).toBe('/staff/students');
  });

  it('sends a visitor without a session from a console page to sign in, and back after', async () => {
    const { user, address } = renderConsole('/staff/team', {
      signedIn: null,
      demoMode: true,
      api: {
        'POST /api/staff/demo-login': json({ staff: staffMember() }),
        'GET /api/staff/team': json({ items: [] }),
        'GET /api/staff/team/organisations': json(organisations),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Try as administrator' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();
    expect(address()).toBe('/staff/team');
    // Nobody was told a session ended: there was none.
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
  });
});
