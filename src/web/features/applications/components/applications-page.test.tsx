import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentRequest, signedInStudent } from '../../../test/data-generators.js';
import { json } from '../../../test/fake-fetch.js';
import { lakeshore, renderPortal } from '../test/applications-fixtures.js';

const applicationList = () => screen.findByRole('list', { name: 'Your applications' });
const card = (university: string) => screen.getByRole('article', { name: university });

describe('the applications page', () => {
  it('shows each application with its program, status, progress and submitted date', async () => {
    renderPortal('/applications');
    const list = await applicationList();

    expect(screen.getByRole('heading', { level: 1, name: 'Applications' })).toBeTruthy();
    expect(document.title).toBe('Applications | F-1 Student Portal');
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    const rows = [
      ['Lakeshore State University', 'M.S. Data Science', 'Documents Required', '50'],
      ['Pacific Crest College', 'M.S. Computer Science', 'Accepted', '100'],
      ['Northfield Institute of Technology', 'M.Eng. Robotics', 'Under Review', '75'],
    ];
    for (const [university = '', program = '', label = '', progress = ''] of rows) {
      const item = card(university);
      expect(within(item).getByText(program)).toBeTruthy();
      expect(within(item).getByText(label)).toBeTruthy();
      const bar = within(item).getByRole('progressbar', { name: 'Progress' });
      expect(bar.getAttribute('aria-valuenow')).toBe(progress);
      expect(within(item).getByText(`${progress}%`)).toBeTruthy();
    }
    expect(card('Lakeshore State University').textContent).toContain('Submitted 3 days ago');
  });

  it("says how many of an application's required documents are accepted, under its progress", async () => {
    renderPortal('/applications', {
      api: {
        'GET /api/document-requests': json([
          ...(['accepted', 'accepted', 'under_review', 'rejected', 'requested'] as const).map(
            (state, i) => documentRequest({ id: i + 1, applicationId: 11, state }),
          ),
          documentRequest({ id: 9, applicationId: 12, state: 'accepted' }),
        ]),
      },
    });
    await applicationList();

    const lakeshoreCard = card('Lakeshore State University');
    const count = await within(lakeshoreCard).findByText('2 of 5 documents accepted');
    const bar = within(lakeshoreCard).getByRole('progressbar', { name: 'Progress' });
    // The spec's bar keeps its status rule: documents_required is 50%, whatever is accepted.
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(bar.compareDocumentPosition(count) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(card('Pacific Crest College')).getByText('1 of 1 document accepted'),
    ).toBeTruthy();
    expect(card('Northfield Institute of Technology').textContent).not.toContain('accepted');
  });

  it('labels an unknown status by the rule, in grey, at 25%', async () => {
    renderPortal('/applications', {
      applications: [{ ...lakeshore, status: 'offer_on_hold' }],
    });
    await applicationList();

    const item = card('Lakeshore State University');
    const badge = within(item).getByText('Offer On_hold');
    expect(badge.className).toContain('bg-muted');
    expect(
      within(item).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow'),
    ).toBe('25');
  });

  it("opens an application's page from its name", async () => {
    const { router, user } = renderPortal('/applications');
    await applicationList();

    await user.click(screen.getByRole('link', { name: 'Lakeshore State University' }));

    await waitFor(() => {
      expect(router.location.pathname).toBe('/application/11');
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lakeshore State University' }),
    ).toBeTruthy();
  });

  it('says so when there are none', async () => {
    renderPortal('/applications', { applications: [] });

    expect(await screen.findByText('No applications yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your applications' })).toBeNull();
  });

  it('says when they could not be loaded, and Try Again loads them', async () => {
    let failures = 1;
    const { user } = renderPortal('/applications', {
      api: {
        'GET /api/applications': () =>
          failures-- > 0 ? json({ message: 'Internal Server Error' }, 500) : json([lakeshore]),
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your applications could not be loaded.');

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(within(await applicationList()).getAllByRole('article')).toHaveLength(1);
  });
});

describe('the guard of the applications pages', () => {
  it.each(['/applications', '/application/11'])(
    'sends a signed-out visitor from %s to /login',
    async (path) => {
      const { router } = renderPortal(path, { profile: null });

      await waitFor(() => {
        expect(router.location.pathname).toBe('/login');
      });
    },
  );

  it.each(['/applications', '/application/11'])(
    'sends an unverified student from %s to /face-verification',
    async (path) => {
      const { router } = renderPortal(path, {
        profile: signedInStudent({ faceVerified: false, verificationResult: 'pending' }),
      });

      await waitFor(() => {
        expect(router.location.pathname).toBe('/face-verification');
      });
    },
  );
});
