import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TNewStudent, TNewStudentChoices } from '../../../shared/student-import.js';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import { rahul, staffMember } from '../test/staff-data.js';

const CHOICES: TNewStudentChoices = {
  schools: [
    { id: 1, name: 'Lakeshore State University' },
    { id: 2, name: 'Pacific Crest College' },
  ],
  agents: [{ id: 7, name: 'Rahul Mehta', agencyName: 'Bright Horizons Education Consultants' }],
  agentRequired: true,
};

const ADDED: TNewStudent = {
  studentId: 'f3a1c2d4-0000-4000-8000-000000000009',
  firstName: 'Mei',
  lastName: 'Chen',
  schoolName: 'Pacific Crest College',
  code: 'ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345',
  expiresAt: '2026-12-11T10:00:00.000Z',
};

/** The panel (role status) a title heads. */
const panelTitled = (title: HTMLElement): HTMLElement => {
  const panel = title.closest<HTMLElement>('[role="status"]');
  if (!panel) throw new Error('the title heads no panel');
  return panel;
};

describe('Add a student', () => {
  it("checks the fields, adds the student with the agency's agent, and shows the code once with a letter to print", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user, sent } = renderConsole('/staff/students/new', {
      signedIn: rahul,
      api: {
        'GET /api/staff/new-student-choices': json(CHOICES),
        'POST /api/staff/students': json(ADDED, 201),
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a student' });
    await user.type(within(form).getByLabelText('Passport number'), 'AB1');
    await user.click(within(form).getByRole('button', { name: 'Add student and create invite' }));
    expect(within(form).getByText('Enter the first name.')).toBeTruthy();
    expect(within(form).getByText('This must be 6 to 20 letters and digits.')).toBeTruthy();
    expect(within(form).getByText('Choose the school.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(form).getByLabelText('First name'), 'Mei');
    await user.type(within(form).getByLabelText('Last name'), 'Chen');
    await user.type(within(form).getByLabelText('E-mail'), 'Mei.Chen@Example.com');
    await user.clear(within(form).getByLabelText('Passport number'));
    await user.type(within(form).getByLabelText('Passport number'), 'e 123 4567');
    await user.type(within(form).getByLabelText('Date of birth'), '2002-03-04');
    await user.selectOptions(within(form).getByLabelText('School'), 'Pacific Crest College');
    expect(within(form).getByLabelText<HTMLSelectElement>('Agent').value).toBe('7');
    await user.click(within(form).getByRole('button', { name: 'Add student and create invite' }));

    const panel = panelTitled(await screen.findByText('Mei Chen was added'));
    expect(within(panel).getByLabelText<HTMLInputElement>('Invite code').value).toBe(ADDED.code);
    const post = sent.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      firstName: 'Mei',
      lastName: 'Chen',
      email: 'mei.chen@example.com',
      passportNumber: 'E1234567',
      dateOfBirth: '2002-03-04',
      nationality: '',
      schoolId: 2,
      agentId: 7,
    });
    const letter = screen.getByRole('article', { name: 'Invite letter' });
    expect(letter.textContent).toContain('Dear Mei Chen,');
    expect(letter.textContent).toContain(ADDED.code);
    expect(letter.textContent).toContain('Continue with Invite Code');
    expect(letter.textContent).toContain('Your passport');
    await user.click(within(panel).getByRole('button', { name: 'Print the invite letter' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(await seriousViolations()).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(ADDED.code)).toBeNull();
    expect(screen.getByRole('form', { name: 'Add a student' })).toBeTruthy();
  });

  it("shows the server's refusal of a student", async () => {
    const { user } = renderConsole('/staff/students/new', {
      api: {
        'GET /api/staff/new-student-choices': json({ ...CHOICES, agentRequired: false }),
        'POST /api/staff/students': json(
          { message: 'A student with this e-mail is already in the portal.' },
          409,
        ),
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a student' });
    expect(within(form).getByLabelText<HTMLSelectElement>('Agent').value).toBe('');
    await user.type(within(form).getByLabelText('First name'), 'Mei');
    await user.type(within(form).getByLabelText('Last name'), 'Chen');
    await user.type(within(form).getByLabelText('E-mail'), 'mei@example.com');
    await user.type(within(form).getByLabelText('Passport number'), 'E1234567');
    await user.type(within(form).getByLabelText('Date of birth'), '2002-03-04');
    await user.selectOptions(within(form).getByLabelText('School'), 'Lakeshore State University');
    await user.click(within(form).getByRole('button', { name: 'Add student and create invite' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A student with this e-mail is already in the portal.',
    );
  });

  it('is not for a school officer', async () => {
    renderConsole('/staff/students/new', { signedIn: staffMember({ role: 'school' }) });
    expect(
      await screen.findByText('Only an administrator or an agent can add students.'),
    ).toBeTruthy();
  });
});
