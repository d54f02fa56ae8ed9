import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import { PRIYA_ID, rahul, studentRecord } from '../test/staff-data.js';

const RECORD = `/api/staff/students/${PRIYA_ID}`;

function openRecord(path = `/staff/students/${PRIYA_ID}`, api = {}) {
  return renderConsole(path, {
    signedIn: rahul,
    api: { [`GET ${RECORD}`]: json(studentRecord()), ...api },
  });
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('the student record', () => {
  it('opens on the overview: statuses, the identity check’s title, passkey and invite; axe finds nothing serious', async () => {
    openRecord();

    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeTruthy();
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    const value = (label: string) =>
      within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Identity check')).toBe('Verification Declined');
    expect(value('Passkey')).toBe('Enrolled');
    expect(value('Invite')).toBe('Used');
    expect(value('I-20')).toBe('Not issued');
    expect(value('Admission')).toBe('Admitted');
    expect(await seriousViolations()).toEqual([]);
  });

  it('keeps the tab in the address, and moves between tabs with the arrow keys', async () => {
    const { user, address } = openRecord(`/staff/students/${PRIYA_ID}?tab=documents`);

    expect(await screen.findByRole('tabpanel', { name: 'Documents' })).toBeTruthy();
    const file = screen.getByRole('link', { name: /bank-statement\.pdf/ });
    expect(file.getAttribute('href')).toBe(`${RECORD}/documents/31/file`);
    expect(file.getAttribute('target')).toBe('_blank');

    tab('Documents').focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel', { name: 'Messages' })).toBeTruthy();
    expect(document.activeElement).toBe(tab('Messages'));
    expect(address()).toBe(`/staff/students/${PRIYA_ID}?tab=messages`);
    expect(screen.getByRole('article', { name: 'My I-20' }).textContent).toContain(
      'Unread by the office',
    );

    await user.keyboard('{ArrowRight}');
    const video = screen.getByLabelText<HTMLVideoElement>('Answer to question 1');
    expect(video.getAttribute('src')).toBe(`${RECORD}/moi-videos/v-1`);
    expect(screen.getByText('Question 1: Tell us about yourself.')).toBeTruthy();
  });

  it('shows a sealed field as Hidden until Show, which asks the server and shows the value', async () => {
    const { user, sent } = openRecord(`/staff/students/${PRIYA_ID}?tab=profile`, {
      [`POST ${RECORD}/reveal`]: json({ field: 'passportNumber', value: 'X1234567' }),
    });
    const panel = await screen.findByRole('tabpanel', { name: 'Profile' });
    const value = (label: string) =>
      within(panel).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

    expect(value('Passport number').textContent).toContain('Hidden');
    expect(value('Medical conditions').textContent).toBe('Not given');
    expect(within(panel).queryByText('X1234567')).toBeNull();
    expect(value('Visa status').textContent).toBe('F-1');

    await user.click(screen.getByRole('button', { name: 'Show the passport number' }));

    await waitFor(() => {
      expect(value('Passport number').textContent).toBe('X1234567');
    });
    const reveal = sent.find((r) => r.url === `${RECORD}/reveal`);
    expect(JSON.parse(reveal?.body ?? '')).toEqual({ field: 'passportNumber' });
    // The other sealed fields stay hidden: each reveal is its own, audited.
    expect(value('Date of birth').textContent).toContain('Hidden');
  });

  it('reads the timeline when its tab opens, newest first as the server sends it', async () => {
    const { user } = openRecord(`/staff/students/${PRIYA_ID}`, {
      [`GET ${RECORD}/timeline`]: json({
        items: [
          {
            at: new Date().toISOString(),
            by: 'staff',
            staffName: 'Rahul Mehta',
            title: 'Revealed the passport number',
          },
          {
            at: '2026-09-03T10:00:00.000Z',
            by: 'student',
            staffName: null,
            title: 'Uploaded bank-statement.pdf',
          },
        ],
      }),
    });
    await screen.findByRole('tabpanel', { name: 'Overview' });

    await user.click(tab('Timeline'));

    const panel = screen.getByRole('tabpanel', { name: 'Timeline' });
    const items = within(await within(panel).findByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Revealed the passport numberRahul Mehta, Just now',
      expect.stringMatching(/^Uploaded bank-statement\.pdfThe student, Sep 3, 2026$/),
    ]);
  });

  it('says "No student with this id." for a 404, with the way back to the list', async () => {
    openRecord(`/staff/students/${PRIYA_ID}`, {
      [`GET ${RECORD}`]: json({ message: 'Not found' }, 404),
    });

    expect(await screen.findByText('No student with this id.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the students' }).getAttribute('href')).toBe(
      '/staff/students',
    );
  });
});
