import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TSavedReply } from '../../../shared/saved-replies.js';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import { rahul } from '../test/staff-data.js';

const saved = (overrides: Partial<TSavedReply> = {}): TSavedReply => ({
  id: 1,
  title: 'We received your documents',
  body: 'Thank you: we received your documents.',
  updatedAt: new Date().toISOString(),
  ...overrides,
});

describe('the saved replies', () => {
  it('an administrator adds one, changes one and removes one, each read again', async () => {
    let items = [saved()];
    const { user, sent } = renderConsole('/staff/saved-replies', {
      api: {
        'GET /api/staff/saved-replies': () => json({ items }),
        'POST /api/staff/saved-replies': () => {
          items = [...items, saved({ id: 2, title: 'Interview booked', body: 'See you.' })];
          return json(items[1], 201);
        },
        'PUT /api/staff/saved-replies/1': () => {
          items = items.map((i) => (i.id === 1 ? { ...i, title: 'Documents received' } : i));
          return json(items[0]);
        },
        'DELETE /api/staff/saved-replies/2': () => {
          items = items.filter((i) => i.id !== 2);
          return new Response(null, { status: 204 });
        },
      },
    });
    expect(
      await screen.findByRole('listitem', { name: 'We received your documents' }),
    ).toBeTruthy();

    const add = screen.getByRole('form', { name: 'Add a saved reply' });
    await user.type(within(add).getByLabelText('Title'), 'Interview booked');
    await user.type(within(add).getByLabelText('Text'), 'See you.');
    await user.click(within(add).getByRole('button', { name: 'Add the saved reply' }));
    expect(await screen.findByRole('listitem', { name: 'Interview booked' })).toBeTruthy();
    expect(JSON.parse(sent.find((r) => r.method === 'POST')?.body ?? '')).toEqual({
      title: 'Interview booked',
      body: 'See you.',
    });
    expect(within(add).getByLabelText<HTMLInputElement>('Title').value).toBe('');

    const first = screen.getByRole('listitem', { name: 'We received your documents' });
    await user.click(within(first).getByRole('button', { name: 'Change' }));
    const change = screen.getByRole('form', { name: 'Change We received your documents' });
    const title = within(change).getByLabelText<HTMLInputElement>('Title');
    expect(title.value).toBe('We received your documents');
    await user.clear(title);
    await user.type(title, 'Documents received');
    await user.click(within(change).getByRole('button', { name: 'Save the change' }));
    expect(await screen.findByRole('listitem', { name: 'Documents received' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Add a saved reply' })).toBeTruthy();

    await user.click(
      within(screen.getByRole('listitem', { name: 'Interview booked' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Remove “Interview booked”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(screen.queryByRole('listitem', { name: 'Interview booked' })).toBeNull();
    });
    expect(await seriousViolations()).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { user } = renderConsole('/staff/saved-replies', {
      api: {
        'GET /api/staff/saved-replies': json({ items: [saved()] }),
        'POST /api/staff/saved-replies': json(
          { message: 'A saved reply with this title already exists.' },
          409,
        ),
      },
    });
    const add = await screen.findByRole('form', { name: 'Add a saved reply' });
    await user.type(within(add).getByLabelText('Title'), 'we received your documents');
    await user.type(within(add).getByLabelText('Text'), 'Again.');
    await user.click(within(add).getByRole('button', { name: 'Add the saved reply' }));
    expect((await within(add).findByRole('alert')).textContent).toContain(
      'A saved reply with this title already exists.',
    );
    expect(within(add).getByLabelText<HTMLInputElement>('Title').value).toBe(
      'we received your documents',
    );
  });

  it('is for administrators only', async () => {
    renderConsole('/staff/saved-replies', { signedIn: rahul });
    expect(await screen.findByText('Only an administrator can open this page.')).toBeTruthy();
  });
});
