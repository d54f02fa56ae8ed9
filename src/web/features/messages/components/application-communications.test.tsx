import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LAKESHORE_APPLICATION,
  renderWithSession,
  sentMessage,
  unreadMessage,
} from '../test/messages-fixtures.js';
import { ApplicationCommunications } from './application-communications.js';

const UNIVERSITY = 'Lakeshore State University';
const listName = `Messages about your application to ${UNIVERSITY}`;

function renderCommunications(options?: Parameters<typeof renderWithSession>[1]) {
  return renderWithSession(
    <ApplicationCommunications applicationId={LAKESHORE_APPLICATION} university={UNIVERSITY} />,
    options,
  );
}

const region = () => screen.getByRole('region', { name: 'Communications' });
const compose = () => within(region()).getByRole('form', { name: 'New message' });

describe('the communications of one application', () => {
  it("lists only this application's messages, older ones in weeks", async () => {
    renderCommunications();
    const list = await screen.findByRole('list', { name: listName });

    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([unreadMessage.subject, sentMessage.subject]);
    const unread = within(list).getByRole('article', { name: unreadMessage.subject });
    expect(within(unread).getByText('New')).toBeTruthy();
    expect(within(unread).getByRole('button', { name: 'Mark as Read' })).toBeTruthy();
    const sent = within(list).getByRole('article', { name: sentMessage.subject });
    expect(within(sent).getByText('4 weeks ago')).toBeTruthy();
  });

  it('says so when the application has no messages', async () => {
    renderCommunications({ messages: [] });

    expect(await screen.findByText('No messages about this application yet.')).toBeTruthy();
  });

  it("'New Message' writes to the Admissions Office with the detail page's payload", async () => {
    const { sent, user } = renderCommunications();
    await screen.findByRole('list', { name: listName });
    const newMessage = within(region()).getByRole('button', { name: 'New Message' });
    expect(newMessage.getAttribute('aria-expanded')).toBe('false');
    expect(within(region()).queryByRole('form')).toBeNull();

    await user.click(newMessage);

    expect(newMessage.getAttribute('aria-expanded')).toBe('true');
    expect(compose().textContent).toContain('To: Admissions Office');
    expect(within(compose()).queryByRole('combobox', { name: 'To' })).toBeNull();
    const subject = within(compose()).getByRole<HTMLInputElement>('textbox', { name: 'Subject' });
    expect(subject.value).toBe(`My application to ${UNIVERSITY}`);
    const send = within(compose()).getByRole('button', { name: /Send/ });
    expect(send).toHaveProperty('disabled', true);

    await user.type(within(compose()).getByRole('textbox', { name: 'Message' }), ' Uploaded it. ');
    await user.click(send);

    expect(await within(region()).findByText('Message sent to Admissions Office.')).toBeTruthy();
    const post = sent.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      from: 'Priya Sharma',
      content: 'Uploaded it.',
      subject: `My application to ${UNIVERSITY}`,
      to: 'Admissions Office',
      isRead: true,
      applicationId: LAKESHORE_APPLICATION,
    });
    await waitFor(() => {
      const first = within(screen.getByRole('list', { name: listName })).getAllByRole('article')[0];
      expect(first?.textContent).toContain('Uploaded it.');
    });
  });

  it('Cancel closes the message and returns to New Message', async () => {
    const { user } = renderCommunications();
    await screen.findByRole('list', { name: listName });
    const newMessage = within(region()).getByRole('button', { name: 'New Message' });
    await user.click(newMessage);

    await user.click(within(compose()).getByRole('button', { name: 'Cancel' }));

    expect(within(region()).queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(newMessage);
  });
});
