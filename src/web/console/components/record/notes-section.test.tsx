import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TStaffNote } from '../../../../shared/staff-students.js';
import { seriousViolations } from '../../../test/axe.js';
import { json } from '../../../test/fake-fetch.js';
import { renderConsole } from '../../test/render-console.js';
import { PRIYA_ID, rahul, studentRecord } from '../../test/staff-data.js';

const RECORD = `/api/staff/students/${PRIYA_ID}`;
const note = (overrides: Partial<TStaffNote>): TStaffNote => ({
  id: 1,
  body: 'Called her: the bank letter comes Monday.',
  authorName: 'Rahul Mehta',
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  ...overrides,
});

describe("the record's notes", () => {
  it('lists the notes newest first and adds one, then reads the list again', async () => {
    let notes = [note({})];
    const { user, sent } = renderConsole(`/staff/students/${PRIYA_ID}?tab=notes`, {
      signedIn: rahul,
      api: {
        [`GET ${RECORD}`]: json(studentRecord()),
        [`GET ${RECORD}/notes`]: () => json({ items: notes }),
        [`POST ${RECORD}/notes`]: () => {
          const added = note({
            id: 2,
            body: 'Scholarship confirmed.',
            createdAt: new Date().toISOString(),
          });
          notes = [added, ...notes];
          return json(added, 201);
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).getByText('Called her: the bank letter comes Monday.')).toBeTruthy();
    expect(within(list).getByText(/Rahul Mehta/)).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add a note' });
    await user.click(within(form).getByRole('button', { name: 'Add the note' }));
    expect(within(form).getByText('Write the note.')).toBeTruthy();
    await user.type(within(form).getByLabelText('New note'), 'Scholarship confirmed.');
    await user.click(within(form).getByRole('button', { name: 'Add the note' }));

    await waitFor(() => {
      expect(
        within(screen.getByRole('list', { name: 'Notes' }))
          .getAllByRole('listitem')
          .map((item) => item.querySelector('p')?.textContent),
      ).toEqual(['Scholarship confirmed.', 'Called her: the bank letter comes Monday.']);
    });
    const post = sent.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({ body: 'Scholarship confirmed.' });
    expect(within(form).getByLabelText<HTMLTextAreaElement>('New note').value).toBe('');
    expect(await seriousViolations()).toEqual([]);
  });

  it("shows the server's refusal of a note", async () => {
    const { user } = renderConsole(`/staff/students/${PRIYA_ID}?tab=notes`, {
      signedIn: rahul,
      api: {
        [`GET ${RECORD}`]: json(studentRecord()),
        [`GET ${RECORD}/notes`]: json({ items: [] }),
        [`POST ${RECORD}/notes`]: json({ message: 'body: must be at most 1000 characters' }, 400),
      },
    });
    expect(await screen.findByText('No notes yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('New note'), 'Too long, says the server.');
    await user.click(screen.getByRole('button', { name: 'Add the note' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'body: must be at most 1000 characters',
    );
  });
});
