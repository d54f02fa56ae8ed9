import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import { auditEvent, PRIYA_ID, rahul, staffAccount } from '../test/staff-data.js';

const AUDIT = '/api/staff/audit';

function openAudit(path = '/staff/audit', api = {}) {
  return renderConsole(path, {
    api: {
      [`GET ${AUDIT}`]: json({ items: [auditEvent()], nextCursor: null }),
      'GET /api/staff/team': json({ items: [staffAccount()] }),
      ...api,
    },
  });
}

describe('the audit log', () => {
  it('lists who did what to which student, with Export CSV; axe finds nothing serious', async () => {
    openAudit();

    const table = await screen.findByRole('table');
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(1)).toEqual([
      'Rahul Mehta',
      'Personal data shown',
      'Priya Sharma',
      '203.0.113.7',
      'field: passportNumber',
    ]);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/staff/audit.csv',
    );
    expect(await seriousViolations()).toEqual([]);
  });

  it('applies the filters into the address, the request and the CSV link', async () => {
    const query = `staffId=${rahul.id}&studentId=${PRIYA_ID}&action=profile.reveal&from=2026-11-01&to=2026-11-30`;
    const { user, address, requests } = openAudit('/staff/audit', {
      [`GET ${AUDIT}?${query}`]: json({ items: [], nextCursor: null }),
    });
    const form = await screen.findByRole('form', { name: 'Filter the audit log' });
    await waitFor(() => {
      expect(within(form).getAllByRole('option', { name: 'Rahul Mehta' })).toHaveLength(1);
    });

    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Staff member' }),
      'Rahul Mehta',
    );
    await user.type(within(form).getByRole('textbox', { name: 'Student id' }), PRIYA_ID);
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Action' }),
      'Personal data shown',
    );
    await user.type(within(form).getByLabelText('From'), '2026-11-01');
    await user.type(within(form).getByLabelText('To'), '2026-11-30');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    expect(address()).toBe(`/staff/audit?${query}`);
    expect(requests(AUDIT).at(-1)).toBe(`GET ${AUDIT}?${query}`);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/staff/audit.csv?${query}`,
    );
  });

  it('refuses a student id that is not one, asking the server nothing', async () => {
    const { user, requests } = openAudit();
    const form = await screen.findByRole('form', { name: 'Filter the audit log' });

    await user.type(within(form).getByRole('textbox', { name: 'Student id' }), 'priya');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    expect(
      within(form).getByText('Enter a whole student id, as the student’s record shows it.'),
    ).toBeTruthy();
    expect(requests(AUDIT)).toEqual([`GET ${AUDIT}`]);
  });

  it('"Load more" reads the next page through nextCursor', async () => {
    const { user } = openAudit('/staff/audit?action=profile.reveal', {
      [`GET ${AUDIT}?action=profile.reveal`]: json({ items: [auditEvent()], nextCursor: 'c2' }),
      [`GET ${AUDIT}?action=profile.reveal&cursor=c2`]: json({
        items: [auditEvent({ id: 902, actor: 'command-line', staffId: null, staffName: null })],
        nextCursor: null,
      }),
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Command line')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
