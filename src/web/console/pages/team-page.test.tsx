import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import { enrolmentLink, rahul, staffAccount, staffMember } from '../test/staff-data.js';

const TEAM = '/api/staff/team';
const choices = {
  schools: [{ id: 1, name: 'Lakeshore State University' }],
  agencies: [
    { id: 1, name: 'Bright Horizons Education' },
    { id: 2, name: 'Global Pathways' },
  ],
};
const grace = staffAccount({
  id: staffMember().id,
  name: 'Grace Liu',
  email: 'grace.liu@example.com',
  role: 'admin',
  organisationName: null,
});

function openTeam(api = {}) {
  return renderConsole('/staff/team', {
    api: {
      [`GET ${TEAM}`]: json({ items: [grace, staffAccount()] }),
      [`GET ${TEAM}/organisations`]: json(choices),
      ...api,
    },
  });
}

const account = (name: string) => screen.getByRole('listitem', { name });

describe('the team page', () => {
  it('lists the accounts with their role and state; axe finds nothing serious', async () => {
    openTeam();

    await screen.findByRole('listitem', { name: 'Rahul Mehta' });
    expect(account('Rahul Mehta').textContent).toContain('Agent, Bright Horizons Education');
    expect(within(account('Rahul Mehta')).getByText('Active')).toBeTruthy();
    // No one disables themselves.
    expect(within(account('Grace Liu')).queryByRole('button', { name: /Disable/ })).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('creates an agent of an agency and shows the enrolment link once, with Copy', async () => {
    const amir = staffAccount({
      id: 'new-id',
      name: 'Amir Haddad',
      email: 'amir@example.com',
      organisationName: 'Global Pathways',
      enrolled: false,
    });
    const { user, sent } = openTeam({ [`POST ${TEAM}`]: json(enrolmentLink(amir)) });
    const form = await screen.findByRole('form', { name: 'Add a staff member' });

    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(within(form).getByText('Enter a name.')).toBeTruthy();
    expect(within(form).getByText('Choose the agency.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Amir Haddad');
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'amir@example.com');
    await waitFor(() => {
      expect(within(form).getAllByRole('option', { name: 'Global Pathways' })).toHaveLength(1);
    });
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Agency' }),
      'Global Pathways',
    );
    await user.click(within(form).getByRole('button', { name: 'Create account' }));

    const link = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Enrolment link' });
    expect(link.value).toBe('http://localhost:5001/staff/enrol#token=one-time-token');
    expect(screen.getByText('Enrolment link for Amir Haddad')).toBeTruthy();
    const create = sent.find((r) => r.method === 'POST' && r.url === TEAM);
    expect(JSON.parse(create?.body ?? '')).toEqual({
      name: 'Amir Haddad',
      email: 'amir@example.com',
      role: 'agent',
      agencyId: 2,
    });

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied.')).toBeTruthy();
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(
      'http://localhost:5001/staff/enrol#token=one-time-token',
    );

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Enrolment link' })).toBeNull();
  });

  it('disables an account after the confirm dialog, and not before', async () => {
    let disabled = false;
    const { user, requests } = openTeam({
      [`GET ${TEAM}`]: () => json({ items: [grace, staffAccount({ disabled })] }),
      [`POST ${TEAM}/${rahul.id}/disable`]: () => {
        disabled = true;
        return json({ account: staffAccount({ disabled: true }) });
      },
    });
    await screen.findByRole('listitem', { name: 'Rahul Mehta' });

    await user.click(within(account('Rahul Mehta')).getByRole('button', { name: 'Disable' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Disable Rahul Mehta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests().filter((r) => r.startsWith('POST'))).toEqual([]);

    await user.click(within(account('Rahul Mehta')).getByRole('button', { name: 'Disable' }));
    dialog = screen.getByRole('alertdialog', { name: 'Disable Rahul Mehta?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    await waitFor(() => {
      expect(within(account('Rahul Mehta')).getByText('Disabled')).toBeTruthy();
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests().filter((r) => r.startsWith('POST'))).toEqual([
      `POST ${TEAM}/${rahul.id}/disable`,
    ]);
  });

  it('"New enrolment link" shows the new link once', async () => {
    const { user } = openTeam({
      [`POST ${TEAM}/${rahul.id}/enrolment-link`]: json(enrolmentLink(staffAccount())),
    });
    await screen.findByRole('listitem', { name: 'Rahul Mehta' });

    await user.click(
      within(account('Rahul Mehta')).getByRole('button', { name: 'New enrolment link' }),
    );

    expect(await screen.findByText('Enrolment link for Rahul Mehta')).toBeTruthy();
  });

  it('is for administrators only: an agent is told so and nothing is asked of the server', async () => {
    const { requests } = renderConsole('/staff/team', { signedIn: rahul });

    expect(await screen.findByText('Only an administrator can open this page.')).toBeTruthy();
    expect(requests()).toEqual(['GET /api/staff/session']);
  });
});
