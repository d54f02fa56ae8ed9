import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_NAME_MISMATCH } from '../../../../shared/student-data.js';
import { seriousViolations } from '../../../test/axe.js';
import { json } from '../../../test/fake-fetch.js';
import { renderConsole } from '../../test/render-console.js';
import {
  organisations,
  PRIYA_ID,
  rahul,
  staffMember,
  studentList,
  studentRecord,
} from '../../test/staff-data.js';

const RECORD = `/api/staff/students/${PRIYA_ID}`;
const EXPORT = `POST ${RECORD}/data-export`;

function openRecord(api = {}, signedIn = staffMember()) {
  return renderConsole(`/staff/students/${PRIYA_ID}`, {
    signedIn,
    api: { [`GET ${RECORD}`]: json(studentRecord()), ...api },
  });
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Student data' })).closest('[data-slot="card"]');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the record's student data (administrators)", () => {
  it('is not offered to an agent', async () => {
    openRecord({}, rahul);
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Student data' })).toBeNull();
  });

  it('deletes the student once their name is typed, then lists the students with a notice', async () => {
    const { user, sent, address } = openRecord({
      [`DELETE ${RECORD}`]: json({ rows: 14, files: 2 }),
      'GET /api/staff/students': json(studentList()),
      'GET /api/staff/organisations': json(organisations),
    });
    const section = (await card()) as HTMLElement;
    await user.click(within(section).getByRole('button', { name: 'Delete the student' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Priya Sharma?' });
    expect(await seriousViolations()).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Type the student's name/), 'Priya');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(within(dialog).getByText('Type Priya Sharma to confirm.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);

    await user.clear(within(dialog).getByLabelText(/Type the student's name/));
    await user.type(within(dialog).getByLabelText(/Type the student's name/), ' priya  SHARMA');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));

    expect(
      await screen.findByText(
        'Priya Sharma was deleted: 14 records and 2 files. The audit log keeps what was done, by student id.',
      ),
    ).toBeTruthy();
    expect(address()).toBe('/staff/students');
    const deletion = sent.find((r) => r.method === 'DELETE');
    expect(JSON.parse(deletion?.body ?? '')).toEqual({ confirmName: ' priya  SHARMA' });
  });

  it('exports the data as a zip the browser saves, and shows a refusal in the dialog', async () => {
    const saved = vi.fn(() => 'blob:student-data');
    // jsdom has no blob: URLs: the page's own URL class, with them.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = saved;
        static override revokeObjectURL = vi.fn();
      },
    );
    let refuse = true;
    const { user, sent } = openRecord({
      [EXPORT]: () =>
        refuse
          ? json({ message: CONFIRM_NAME_MISMATCH }, 400)
          : new Response(new Blob(['PK']), {
              headers: {
                'content-type': 'application/zip',
                'content-disposition': `attachment; filename="student-${PRIYA_ID}-2026-07-01.zip"`,
              },
            }),
    });
    const section = (await card()) as HTMLElement;
    await user.click(within(section).getByRole('button', { name: 'Export the data' }));
    const dialog = screen.getByRole('alertdialog', { name: "Export Priya Sharma's data?" });
    await user.type(within(dialog).getByLabelText(/Type the student's name/), 'Priya Sharma');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText(CONFIRM_NAME_MISMATCH)).toBeTruthy();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(
      await within(section).findByText('The copy was downloaded. It is not kept on the server.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(saved).toHaveBeenCalledTimes(1);
    expect(sent.filter((r) => `${r.method} ${r.url}` === EXPORT)).toHaveLength(2);
  });
});
