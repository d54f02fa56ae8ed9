import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import {
  LUCAS_ID,
  organisations,
  PRIYA_ID,
  rahul,
  studentList,
  studentRecord,
  studentRow,
} from '../test/staff-data.js';

const LIST = '/api/staff/students';

function openList(
  path = '/staff/students',
  api: NonNullable<Parameters<typeof renderConsole>[1]>['api'] = {},
) {
  return renderConsole(path, {
    api: {
      [`GET ${LIST}`]: json(studentList()),
      'GET /api/staff/organisations': json(organisations),
      ...api,
    },
  });
}

const table = () => screen.findByRole('table');
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('the student list', () => {
  it('shows a row per student with every column, the count and the stage bar; axe finds nothing serious', async () => {
    openList();

    const rows = within(await table()).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      '',
      'Name (sorted)',
      'E-mail',
      'School',
      'Agency and agent',
      'Stage',
      'Waiting',
      'Last activity, sort by this column',
    ]);
    const priya = within(rows[1] as HTMLElement)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(priya).toEqual([
      '',
      'Priya Sharma',
      'priya.sharma@example.com',
      'Lakeshore State University',
      'Bright Horizons EducationRahul Mehta',
      'Verified',
      '2 documents to reviewI-20 not issued',
      '3 hours ago',
    ]);
    expect(rowNames()).toEqual(['Priya Sharma', 'Lucas Oliveira']);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('2 students');
    const bar = screen.getByRole('navigation', { name: 'Students per stage' });
    expect(
      within(bar).getByRole('button', { name: 'All stages: 6' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(bar).getByRole('button', { name: 'Verified: 4' })).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });

  it('a stage in the summary bar filters the list, through the address and the request', async () => {
    const { user, address, requests } = openList('/staff/students', {
      [`GET ${LIST}?stage=invited`]: json(
        studentList({ items: [studentRow({ firstName: 'Lucas', stage: 'invited' })], total: 1 }),
      ),
    });
    await table();

    await user.click(screen.getByRole('button', { name: 'Invited: 2' }));

    await waitFor(() => {
      expect(screen.getByRole('status', { name: '' }).textContent).toBe('1 student');
    });
    expect(address()).toBe('/staff/students?stage=invited');
    expect(requests(LIST)).toContain(`GET ${LIST}?stage=invited`);
    expect(screen.getByRole('button', { name: 'Invited: 2' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Stage' }).value).toBe(
      'invited',
    );
  });

  it('search, school, agency, needs my action and sort all land in the address and the request', async () => {
    const filtered = `${LIST}?q=priya&schoolId=1&agencyId=2&needsMyAction=true&sort=activity`;
    const { user, address, requests } = openList('/staff/students', {
      [`GET ${LIST}?q=priya`]: json(studentList()),
      [`GET ${LIST}?q=priya&schoolId=1`]: json(studentList()),
      [`GET ${LIST}?q=priya&schoolId=1&agencyId=2`]: json(studentList()),
      [`GET ${LIST}?q=priya&schoolId=1&agencyId=2&needsMyAction=true`]: json(studentList()),
      [`GET ${filtered}`]: json(studentList({ items: [studentRow()], total: 1 })),
    });
    await table();

    await user.type(screen.getByRole('searchbox', { name: 'Search students' }), 'priya{Enter}');
    await waitFor(() => {
      expect(address()).toBe('/staff/students?q=priya');
    });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'School' }),
      'Lakeshore State University',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agency' }), 'Global Pathways');
    await user.click(screen.getByRole('checkbox', { name: 'Needs my action' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Last activity');

    await waitFor(() => {
      expect(screen.getByRole('status', { name: '' }).textContent).toBe('1 student');
    });
    expect(address()).toBe(`/staff/students${filtered.slice(LIST.length)}`);
    expect(requests(LIST).at(-1)).toBe(`GET ${filtered}`);
  });

  it('opens with the filters of a bookmarked address', async () => {
    const { requests } = openList('/staff/students?stage=verified&agencyId=1', {
      [`GET ${LIST}?stage=verified&agencyId=1`]: json(studentList({ total: 2 })),
    });

    await table();
    expect(requests(LIST)).toEqual([`GET ${LIST}?stage=verified&agencyId=1`]);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Stage' }).value).toBe(
      'verified',
    );
    await waitFor(() => {
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Agency' }).value).toBe('1');
    });
  });

  it('finds by exact passport number, sent to the server but never written into the address', async () => {
    const { user, address, requests } = openList('/staff/students?stage=verified', {
      [`GET ${LIST}?stage=verified`]: json(studentList()),
      [`GET ${LIST}?passport=X1234567&stage=verified`]: json(
        studentList({ items: [studentRow()], total: 1 }),
      ),
    });
    await table();

    await user.type(screen.getByRole('searchbox', { name: 'Passport number' }), 'X1234567');
    await user.click(screen.getByRole('button', { name: 'Find' }));

    await waitFor(() => {
      expect(screen.getByRole('status', { name: '' }).textContent).toBe('1 student');
    });
    expect(requests(LIST).at(-1)).toBe(`GET ${LIST}?passport=X1234567&stage=verified`);
    expect(address()).toBe('/staff/students?stage=verified');
    // An export's link never holds the number: no export while it is the filter.
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('offers the list as CSV with the filters of the address', async () => {
    openList('/staff/students?stage=verified&sort=activity', {
      [`GET ${LIST}?stage=verified&sort=activity`]: json(studentList()),
    });
    await table();
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe(
      '/api/staff/students.csv?stage=verified&sort=activity',
    );
    expect(exportLink.hasAttribute('download')).toBe(true);
  });

  it('"Load more" reads the next page through nextCursor and adds it below', async () => {
    const { user, requests } = openList('/staff/students', {
      [`GET ${LIST}`]: json(studentList({ items: [studentRow()], nextCursor: 'page-2', total: 2 })),
      [`GET ${LIST}?cursor=page-2`]: json(
        studentList({ items: [studentRow({ id: 'x', firstName: 'Amara', lastName: 'Okafor' })] }),
      ),
    });
    await table();
    expect(rowNames()).toEqual(['Priya Sharma']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => {
      expect(rowNames()).toEqual(['Priya Sharma', 'Amara Okafor']);
    });
    expect(requests(LIST)).toEqual([`GET ${LIST}`, `GET ${LIST}?cursor=page-2`]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a row opens the student’s record', async () => {
    const { user, address } = openList('/staff/students', {
      [`GET /api/staff/students/${PRIYA_ID}`]: json(studentRecord()),
    });
    await table();

    await user.click(screen.getByRole('link', { name: 'Priya Sharma' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeTruthy();
    expect(address()).toBe(`/staff/students/${PRIYA_ID}`);
  });

  it('says so when nothing matches', async () => {
    openList('/staff/students', {
      [`GET ${LIST}`]: json(studentList({ items: [], total: 0 })),
    });

    expect(await screen.findByText('No students match these filters.')).toBeTruthy();
  });
});

describe('working on many students at once', () => {
  const BULK = 'POST /api/staff/students/bulk';

  it('ticks students, exports them as CSV, and sets their admission status, saying who was skipped and why', async () => {
    const { user, sent } = openList('/staff/students', {
      'GET /api/staff/agents': json({
        agents: [{ id: 3, name: 'Rahul Mehta', agencyName: 'Bright Horizons' }],
      }),
      [BULK]: json({
        changed: 1,
        skipped: [
          {
            studentId: LUCAS_ID,
            name: 'Lucas Oliveira',
            reason: 'unchanged',
            message: 'Already has this value.',
          },
        ],
      }),
    });
    await table();
    expect(screen.queryByRole('region', { name: 'Selected students' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Priya Sharma' }));
    const bar = screen.getByRole('region', { name: 'Selected students' });
    expect(within(bar).getByText('1 student selected')).toBeTruthy();
    expect(
      within(bar).getByRole('link', { name: 'Export the selection as CSV' }).getAttribute('href'),
    ).toBe(`/api/staff/students.csv?ids=${PRIYA_ID}`);

    await user.click(screen.getByRole('checkbox', { name: 'Select every student shown' }));
    expect(within(bar).getByText('2 students selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Set the status' }));
    expect(within(bar).getByText('Enter the admission status.')).toBeTruthy();
    await user.type(within(bar).getByLabelText('Admission status'), 'Admitted');
    await user.click(within(bar).getByRole('button', { name: 'Set the status' }));

    expect(await within(bar).findByText('Changed 1 student. Skipped 1 student:')).toBeTruthy();
    expect(within(bar).getByText('Lucas Oliveira: Already has this value.')).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
    const body = sent.find((r) => `${r.method} ${r.url}` === BULK)?.body;
    expect(JSON.parse(body ?? '')).toEqual({
      selection: { kind: 'students', ids: [PRIYA_ID, LUCAS_ID] },
      change: { kind: 'admission-status', admissionStatus: 'Admitted' },
    });
  });

  it('selects every student the filters match, and sends the filters rather than ids', async () => {
    const { user, sent } = renderConsole('/staff/students?stage=verified', {
      signedIn: rahul,
      api: {
        [`GET ${LIST}?stage=verified`]: json(studentList({ nextCursor: 'next', total: 120 })),
        'GET /api/staff/organisations': json(organisations),
        'GET /api/staff/agents': json({
          agents: [{ id: 3, name: 'Rahul Mehta', agencyName: 'Bright Horizons' }],
        }),
        [BULK]: json({ changed: 120, skipped: [] }),
      },
    });
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select every student shown' }));
    await user.click(screen.getByRole('button', { name: 'Select all 120 students that match' }));
    const bar = screen.getByRole('region', { name: 'Selected students' });
    expect(within(bar).getByText('120 students selected')).toBeTruthy();
    expect(
      within(bar).getByRole('link', { name: 'Export the selection as CSV' }).getAttribute('href'),
    ).toBe('/api/staff/students.csv?stage=verified');
    // An agent may not set an admission status: the form is not offered.
    expect(within(bar).queryByRole('form', { name: 'Set the admission status' })).toBeNull();

    await user.selectOptions(
      await within(bar).findByLabelText('Agent'),
      await within(bar).findByRole('option', { name: 'Rahul Mehta (Bright Horizons)' }),
    );
    await user.click(within(bar).getByRole('button', { name: 'Assign' }));
    expect(await within(bar).findByText('Changed 120 students.')).toBeTruthy();
    const body = sent.find((r) => `${r.method} ${r.url}` === BULK)?.body;
    expect(JSON.parse(body ?? '')).toEqual({
      selection: { kind: 'matching', filters: { stage: 'verified' } },
      change: { kind: 'agent', agentId: 3 },
    });
  });
});
