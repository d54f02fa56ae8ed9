import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { documentRequest } from '../../../test/data-generators.js';
import { json } from '../../../test/fake-fetch.js';
import {
  lakeshore,
  northfield,
  pacificCrest,
  renderPortal,
} from '../test/applications-fixtures.js';

const NOTICE =
  'Additional documents are required for your application. Please upload them as soon as possible.';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const region = (name: string) => screen.getByRole('region', { name });

describe('the application page', () => {
  it('documents_required: the blue notice, no congratulation', async () => {
    renderPortal('/application/11');
    await heading('Lakeshore State University');

    expect(document.title).toBe('Lakeshore State University | F-1 Student Portal');
    const status = region('Application Status');
    expect(within(status).getByText('Documents Required')).toBeTruthy();
    expect(within(status).getByRole('note').textContent).toBe(NOTICE);
    expect(status.textContent).not.toContain('Congratulations');
    expect(
      within(status).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(screen.getByText('M.S. Data Science')).toBeTruthy();
  });

  it('accepted: the green congratulation, no notice', async () => {
    renderPortal('/application/12');
    await heading('Pacific Crest College');

    const status = region('Application Status');
    expect(within(status).getByText('Accepted')).toBeTruthy();
    const note = within(status).getByRole('note');
    expect(note.textContent).toContain('Congratulations!');
    expect(note.textContent).toContain(
      'You have been accepted to M.S. Computer Science at Pacific Crest College.',
    );
    expect(note.className).toContain('bg-green-50');
    expect(status.textContent).not.toContain(NOTICE);
  });

  it('under review: neither notice', async () => {
    renderPortal('/application/13');
    await heading('Northfield Institute of Technology');

    expect(within(region('Application Status')).queryByRole('note')).toBeNull();
  });

  it('goes back to the dashboard', async () => {
    const { router, user } = renderPortal('/application/11');
    await heading('Lakeshore State University');

    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));

    await waitFor(() => {
      expect(router.location.pathname).toBe('/dashboard');
    });
  });

  it('holds the documents, the communications and the admissions contact', async () => {
    renderPortal('/application/11');
    await heading('Lakeshore State University');

    expect(await within(region('Documents')).findByText('No documents yet')).toBeTruthy();
    const communications = region('Communications');
    expect(within(communications).getByRole('button', { name: 'New Message' })).toBeTruthy();
    const contact = region('Admissions Contact');
    expect(contact.textContent).toContain('Lakeshore State University Admissions Office');
    expect(
      within(contact)
        .getByRole('link', { name: 'admissions@lakeshore-state.example.edu' })
        .getAttribute('href'),
    ).toBe('mailto:admissions@lakeshore-state.example.edu');
    expect(
      within(contact).getByRole('link', { name: '+1 (312) 555-0142' }).getAttribute('href'),
    ).toBe('tel:+13125550142');
  });

  it('shows the documents staff asked for above the other documents', async () => {
    renderPortal('/application/11', {
      api: {
        'GET /api/applications/11/document-requests': json([
          documentRequest({ title: 'Bank statement', state: 'requested' }),
        ]),
      },
    });
    await heading('Lakeshore State University');

    const required = await screen.findByRole('region', { name: 'Required documents' });
    const others = region('Other documents');
    expect(
      required.compareDocumentPosition(others) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(required).getByRole('article', { name: 'Bank statement' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Documents' })).toBeNull();
  });

  it('shows the requests already read for the list at once, without asking again', async () => {
    const { sent, user } = renderPortal('/applications', {
      api: {
        'GET /api/document-requests': json([
          documentRequest({ id: 1, applicationId: 11, title: 'Bank statement' }),
          documentRequest({ id: 2, applicationId: 13, title: 'Transcripts' }),
        ]),
      },
    });
    await screen.findAllByText('0 of 1 document accepted');
    await user.click(screen.getByRole('link', { name: 'Lakeshore State University' }));

    const required = await screen.findByRole('region', { name: 'Required documents' });
    expect(
      within(required)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Bank statement']);
    expect(sent.some((r) => r.url === '/api/applications/11/document-requests')).toBe(false);
  });

  it("shows the list's copy at once when coming from the list, without asking again", async () => {
    const { sent, user } = renderPortal('/applications');
    await user.click(await screen.findByRole('link', { name: 'Lakeshore State University' }));

    await heading('Lakeshore State University');
    expect(sent.some((r) => r.url === '/api/applications/11')).toBe(false);
  });
});

describe('the quick actions', () => {
  const actions = () => region('Quick Actions');

  it('Upload Documents opens the file picker of the documents area', async () => {
    const { user } = renderPortal('/application/11');
    await heading('Lakeshore State University');
    const openPicker = vi
      .spyOn(HTMLInputElement.prototype, 'click')
      .mockImplementation(() => undefined);

    await user.click(within(actions()).getByRole('button', { name: 'Upload Documents' }));

    expect(openPicker).toHaveBeenCalledTimes(1);
    const picker = openPicker.mock.contexts[0] as HTMLInputElement;
    expect(picker.type).toBe('file');
    expect(region('Documents').contains(picker)).toBe(true);
    expect(document.activeElement).toBe(
      within(region('Documents')).getByRole('button', { name: 'Upload Document' }),
    );
  });

  it("University Portal opens the school's portal in a new tab; Contact Admissions writes to admissions", async () => {
    renderPortal('/application/11');
    await heading('Lakeshore State University');

    const portal = within(actions()).getByRole('link', {
      name: 'University Portal (opens in a new tab)',
    });
    expect(portal.getAttribute('href')).toBe(lakeshore.portalUrl);
    expect(portal.getAttribute('target')).toBe('_blank');
    expect(portal.getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      within(actions()).getByRole('link', { name: 'Contact Admissions' }).getAttribute('href'),
    ).toBe('mailto:admissions@lakeshore-state.example.edu');
  });

  it('without a portal or an address: the portal is disabled, and Contact Admissions goes to the messages', async () => {
    const { user } = renderPortal('/application/12');
    await heading('Pacific Crest College');

    expect(within(actions()).getByRole('button', { name: 'University Portal' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(actions()).getByRole('button', { name: 'Contact Admissions' }));

    expect(document.activeElement?.contains(region('Communications'))).toBe(true);
    expect(region('Admissions Contact').textContent).toContain(
      'has not shared an e-mail address or phone number yet',
    );
  });

  it('follows the address to another application', async () => {
    const { router } = renderPortal('/application/13');
    await heading(northfield.university);

    await router.navigate('/application/12');

    expect(await heading(pacificCrest.university)).toBeTruthy();
  });
});

describe('an application that cannot be shown', () => {
  it.each([
    ['an unknown id', '/application/999'],
    ["another student's id (the server answers 404 the same)", '/application/77'],
    ['an id that is not a number', '/application/abc'],
  ])("%s shows 'Application Not Found' with 'Back to Dashboard'", async (_what, path) => {
    const { router, sent, user } = renderPortal(path, {
      api: {
        'GET /api/applications/999': json({ message: 'Application Not Found' }, 404),
        'GET /api/applications/77': json({ message: 'Application Not Found' }, 404),
      },
    });

    expect(await heading('Application Not Found')).toBeTruthy();
    expect(document.title).toBe('Application Not Found | F-1 Student Portal');
    expect(screen.queryByRole('region', { name: 'Documents' })).toBeNull();
    if (path.endsWith('abc')) {
      expect(sent.some((r) => r.url.startsWith('/api/applications/'))).toBe(false);
    }

    const back = screen.getAllByRole('link', { name: 'Back to Dashboard' }).at(-1);
    if (!back) throw new Error('no Back to Dashboard');
    await user.click(back);
    await waitFor(() => {
      expect(router.location.pathname).toBe('/dashboard');
    });
  });

  it('says when it could not be loaded, and Try Again loads it', async () => {
    let failures = 1;
    const { user } = renderPortal('/application/11', {
      api: {
        'GET /api/applications/11': () =>
          failures-- > 0 ? json({ message: 'Internal Server Error' }, 500) : json(lakeshore),
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This application could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await heading('Lakeshore State University')).toBeTruthy();
  });
});
