import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TSchoolChecklist } from '../../../shared/staff-document-requests.js';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import { organisations, rahul, staffMember } from '../test/staff-data.js';

const CHECKLIST_2 = '/api/staff/schools/2/document-checklist';
const dana = staffMember({
  name: 'Dana Whitfield',
  role: 'school',
  organisationName: 'Lakeshore State University',
});

const pacific: TSchoolChecklist = {
  items: [
    { title: 'Bank statement', note: 'The last 3 months.', dueInDays: 14 },
    { title: 'Medical certificate', note: null, dueInDays: null },
  ],
};

/** The checklist's items, each a group named by its place. */
const item = (place: number) => screen.getByRole('group', { name: `Item ${place}` });

describe('the school checklists', () => {
  it('an administrator picks a school and edits its list: add, move, remove, then saves it whole', async () => {
    const { user, sent, address } = renderConsole('/staff/checklists', {
      api: {
        'GET /api/staff/team/organisations': json(organisations),
        [`GET ${CHECKLIST_2}`]: json(pacific),
        [`PUT ${CHECKLIST_2}`]: () => {
          const put = sent.find((r) => r.method === 'PUT');
          return json(JSON.parse(put?.body ?? '{}'));
        },
      },
    });
    expect(
      await screen.findByText(/Each new application of the school gets these documents/),
    ).toBeTruthy();
    await user.selectOptions(await screen.findByLabelText('School'), 'Pacific Coast Institute');
    expect(address()).toBe('/staff/checklists?school=2');
    await screen.findByRole('form', { name: 'Checklist of Pacific Coast Institute' });

    expect(within(item(1)).getByLabelText<HTMLSelectElement>('Document').value).toBe(
      'Bank statement',
    );
    expect(within(item(1)).getByLabelText<HTMLInputElement>('Due in days (optional)').value).toBe(
      '14',
    );
    // A title of its own shows under "Other…".
    expect(within(item(2)).getByLabelText<HTMLInputElement>('Title').value).toBe(
      'Medical certificate',
    );

    await user.click(screen.getByRole('button', { name: 'Add an item' }));
    const added = item(3);
    expect(document.activeElement).toBe(within(added).getByLabelText('Document'));
    await user.selectOptions(within(added).getByLabelText('Document'), 'Sponsor letter');
    await user.type(within(added).getByLabelText('Due in days (optional)'), '30');
    await user.click(within(added).getByRole('button', { name: 'Move up Sponsor letter' }));
    expect(screen.getByText('Moved Sponsor letter to place 2.')).toBeTruthy();
    expect(document.activeElement).toBe(
      within(item(2)).getByRole('button', { name: 'Move up Sponsor letter' }),
    );
    await user.click(within(item(1)).getByRole('button', { name: 'Remove Bank statement' }));
    expect(screen.getByText('Removed Bank statement.')).toBeTruthy();
    await user.type(within(item(2)).getByLabelText('Note to the student (optional)'), ' Signed.');
    expect(await seriousViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save the checklist' }));
    expect(
      await screen.findByText(
        'Saved. Each new application of Pacific Coast Institute gets 2 requests from this checklist.',
      ),
    ).toBeTruthy();
    expect(JSON.parse(sent.find((r) => r.method === 'PUT')?.body ?? '')).toEqual({
      items: [
        { title: 'Sponsor letter', note: null, dueInDays: 30 },
        { title: 'Medical certificate', note: 'Signed.', dueInDays: null },
      ],
    });
  });

  it('says what to fix before sending, and shows a refusal under the field it names', async () => {
    const { user, sent } = renderConsole('/staff/checklists?school=2', {
      api: {
        'GET /api/staff/team/organisations': json(organisations),
        [`GET ${CHECKLIST_2}`]: json(pacific),
        [`PUT ${CHECKLIST_2}`]: json(
          { message: 'items.1.title: must be at most 120 characters' },
          400,
        ),
      },
    });
    await screen.findByRole('form', { name: 'Checklist of Pacific Coast Institute' });
    await user.click(screen.getByRole('button', { name: 'Add an item' }));
    await user.clear(within(item(1)).getByLabelText('Due in days (optional)'));
    await user.type(within(item(1)).getByLabelText('Due in days (optional)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save the checklist' }));
    expect(within(item(1)).getByText('Must be at least 1 day.')).toBeTruthy();
    expect(within(item(3)).getByText('Choose the document to request.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);

    await user.click(within(item(3)).getByRole('button', { name: 'Remove this item' }));
    await user.clear(within(item(1)).getByLabelText('Due in days (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save the checklist' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'items.1.title: must be at most 120 characters',
    );
    expect(within(item(2)).getByText('Must be at most 120 characters.')).toBeTruthy();
    expect(within(item(1)).queryByText('Must be at least 1 day.')).toBeNull();
  });

  it("a school officer keeps their own school's checklist", async () => {
    const { user, sent } = renderConsole('/staff/checklists', {
      signedIn: dana,
      api: {
        'GET /api/staff/organisations': json({
          schools: [{ id: 1, name: 'Lakeshore State University' }],
          agencies: [],
        }),
        'GET /api/staff/schools/1/document-checklist': json({ items: [] }),
        'PUT /api/staff/schools/1/document-checklist': json({
          items: [{ title: 'Transcripts', note: null, dueInDays: null }],
        }),
      },
    });
    await screen.findByRole('form', { name: 'Checklist of Lakeshore State University' });
    expect(screen.queryByLabelText('School')).toBeNull();
    expect(screen.getByText('No documents on the checklist.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add an item' }));
    await user.selectOptions(within(item(1)).getByLabelText('Document'), 'Transcripts');
    await user.click(screen.getByRole('button', { name: 'Save the checklist' }));
    expect(
      await screen.findByText(
        'Saved. Each new application of Lakeshore State University gets 1 request from this checklist.',
      ),
    ).toBeTruthy();
    await waitFor(() => {
      expect(JSON.parse(sent.find((r) => r.method === 'PUT')?.body ?? '')).toEqual({
        items: [{ title: 'Transcripts', note: null, dueInDays: null }],
      });
    });
  });

  it('is not for agents, and their nav has no Checklists', async () => {
    renderConsole('/staff/checklists', { signedIn: rahul });
    expect(
      await screen.findByText(
        "Only an administrator or a school officer can keep a school's checklist.",
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Console' })).queryByRole('link', {
        name: 'Checklists',
      }),
    ).toBeNull();
  });
});
