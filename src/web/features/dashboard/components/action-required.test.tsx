import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../../shared/api-paths.js';
import type { TApplication } from '../../../../shared/applications.js';
import { seriousViolations } from '../../../test/axe.js';
import { dayFromToday, documentRequest } from '../../../test/data-generators.js';
import { json } from '../../../test/fake-fetch.js';
import { renderDashboard } from '../test/dashboard-fixtures.js';

const application = (id: number, university: string): TApplication => ({
  id,
  university,
  program: 'M.S. Data Science',
  status: 'documents_required',
  submittedAt: new Date().toISOString(),
  portalUrl: null,
  admissionsEmail: null,
  admissionsPhone: null,
});
const APPLICATIONS = [
  application(11, 'Lakeshore State University'),
  application(13, 'Northfield Institute of Technology'),
];

const card = () => screen.findByRole('region', { name: 'Action required' });
const links = (region: HTMLElement) => within(region).getAllByRole('link');

describe("the dashboard's Action required card", () => {
  it('lists what waits on the student, overdue first, each leading to its application', async () => {
    const { router, user } = renderDashboard({
      'GET /api/document-requests': json([
        documentRequest({ id: 1, title: 'Bank statement', dueDate: dayFromToday(3) }),
        documentRequest({ id: 2, title: 'CV', state: 'under_review' }),
        documentRequest({
          id: 3,
          applicationId: 13,
          title: 'Transcripts',
          state: 'rejected',
          reason: 'Unreadable',
          dueDate: dayFromToday(-1),
        }),
        documentRequest({ id: 4, title: 'Sponsor letter', state: 'accepted' }),
        documentRequest({ id: 5, title: 'Statement of purpose', dueDate: null }),
      ]),
      'GET /api/applications': json(APPLICATIONS),
    });

    const region = await card();
    expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe('Action required');
    await within(region).findAllByText('Lakeshore State University');
    const [overdue, soon, undated, ...rest] = links(region);
    expect(rest).toHaveLength(0);
    expect(overdue?.textContent).toBe(
      'TranscriptsNorthfield Institute of TechnologyNeeds re-uploadOverdue',
    );
    expect(within(overdue ?? region).getByText('Overdue').parentElement?.className).toContain(
      'text-red-700',
    );
    expect(overdue?.getAttribute('href')).toBe('/application/13');
    expect(soon?.textContent).toBe(
      'Bank statementLakeshore State UniversityRequestedDue in 3 days',
    );
    expect(soon?.getAttribute('href')).toBe('/application/11');
    expect(undated?.textContent).toBe('Statement of purposeLakeshore State UniversityRequested');

    // Right under the welcome, above the status overview.
    const overview = screen.getByRole('region', { name: 'Status Overview' });
    expect(
      region.compareDocumentPosition(overview) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);

    await user.click(overdue ?? region);
    await waitFor(() => {
      expect(router.location.pathname).toBe('/application/13');
    });
  });

  it('is absent when nothing waits on the student, and the applications are not read', async () => {
    const { sent } = renderDashboard({
      'GET /api/document-requests': json([
        documentRequest({ state: 'under_review' }),
        documentRequest({ id: 2, state: 'accepted' }),
      ]),
    });

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' });
    await waitFor(() => {
      expect(sent.map((r) => r.url)).toContain('/api/document-requests');
    });
    expect(screen.queryByRole('region', { name: 'Action required' })).toBeNull();
    expect(sent.some((r) => r.url === '/api/applications')).toBe(false);
  });

  it('is gone once the last request is uploaded (the requests read again)', async () => {
    let requests = [documentRequest()];
    const { queryClient } = renderDashboard({
      'GET /api/document-requests': () => json(requests),
      'GET /api/applications': json(APPLICATIONS),
    });
    expect(within(await card()).getByText('Bank statement')).toBeTruthy();

    requests = [documentRequest({ state: 'under_review' })];
    // What an upload or a delete does on the application's page.
    await queryClient.invalidateQueries({ queryKey: [API_PATHS.documentRequests] });

    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Action required' })).toBeNull();
    });
  });
});
