import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../../../shared/api-paths.js';
import { OFFLINE_COPY_KEPT_AT_HEADER } from '../../../lib/offline-copy-kept-at.js';
import { OFFLINE_COPY_HEADER } from '../../../lib/offline-reads.js';
import { applicantData, dayFromToday, documentRequest } from '../../../test/data-generators.js';
import { json } from '../../../test/fake-fetch.js';
import { renderDashboard } from '../test/dashboard-fixtures.js';
import { lastUpdatedText } from './record-state.js';

const nextStep = () => screen.findByRole('region', { name: 'Your next step' });

/** The links and buttons of the page drawn as a primary action: filled with the primary colour. */
const primaryActions = () =>
  [...document.querySelectorAll<HTMLElement>('main [data-slot="button"]')].filter((element) =>
    element.classList.contains('bg-primary'),
  );

describe("the dashboard's next step", () => {
  it('is the document the school waits for, before the interview, and leads to its application', async () => {
    renderDashboard({
      'GET /api/document-requests': json([
        documentRequest({ id: 1, title: 'Passport photo page', dueDate: dayFromToday(14) }),
        documentRequest({ id: 2, title: 'Bank statement', dueDate: dayFromToday(5) }),
      ]),
      'GET /api/applications': json([]),
    });
    const step = await nextStep();
    await within(step).findByText('Upload: Bank statement');
    expect(step.textContent).toContain('1 more document is listed below.');
    expect(step.textContent).toContain('Due in 5 days');

    expect(within(step).getByRole('link', { name: 'Upload document' }).getAttribute('href')).toBe(
      '/application/11',
    );
  });

  it('is the only primary action on the page: the task cards offer theirs quietly', async () => {
    // Lucas: his interview waits for review, his I-20 is issued, his fee is due.
    renderDashboard({
      [`POST ${API_PATHS.applicantData}`]: json(
        applicantData({
          application: {
            'MOI Status': 'Pending',
            'I20 issued': 'Yes',
            'i20 document': 'https://school.example.edu/i20.pdf',
          },
        }),
      ),
    });
    const step = await nextStep();
    await within(step).findByText('Pay your SEVIS fee');
    expect(primaryActions().map((action) => action.textContent)).toEqual([
      'Pay SEVIS Fee (opens in a new tab)',
    ]);
    // Still there, each on its card: the interview, the fee, and (finished) the I-20.
    expect(screen.getByRole('link', { name: 'Start MOI Interview' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Pay SEVIS Fee/ })).toHaveLength(2);
    const finished = screen.getByText('Finished tasks (1)');
    expect(finished.closest('details')?.open).toBe(false);
    expect(
      within(finished.closest('details') as HTMLElement).getByText('I-20 Document'),
    ).toBeTruthy();
  });

  it('says the task list in plain states: to do, waiting on the school, cannot start yet', async () => {
    renderDashboard();
    await within(await nextStep()).findByText('Record your MOI interview');
    const state = (card: string) =>
      within(screen.getByRole('group', { name: card })).getByText(
        (_, element) => element?.getAttribute('data-slot') === 'task-state',
      ).textContent;
    expect(state('MOI Interview')).toBe('To do');
    expect(state('I-20 Document')).toMatch(/^Waiting on your school: /);
    expect(state('SEVIS Fee Payment')).toBe(
      'Cannot start yet: You will need the SEVIS ID from your I-20 to pay the fee.',
    );
  });
});

describe('a record the page could not read afresh', () => {
  it("the worker's offline copy shows with the time it was kept", async () => {
    const keptAt = new Date();
    keptAt.setHours(14, 5, 0, 0);
    renderDashboard({
      [`POST ${API_PATHS.applicantData}`]: () =>
        new Response(JSON.stringify(applicantData()), {
          headers: {
            'Content-Type': 'application/json',
            [OFFLINE_COPY_HEADER]: 'true',
            [OFFLINE_COPY_KEPT_AT_HEADER]: keptAt.toISOString(),
          },
        }),
    });
    const updated = await screen.findByText(lastUpdatedText(keptAt.getTime()));
    expect(updated.textContent).toMatch(/^Last updated .*05/);
    expect(screen.queryByText('Your status is up to date.')).toBeNull();
    expect(await screen.findByText('Lakeshore State University')).toBeTruthy();
  });

  it('back online, the copy is read afresh and the time goes', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let copy = true;
    renderDashboard({
      [`POST ${API_PATHS.applicantData}`]: () =>
        new Response(JSON.stringify(applicantData()), {
          headers: copy
            ? { 'Content-Type': 'application/json', [OFFLINE_COPY_HEADER]: 'true' }
            : { 'Content-Type': 'application/json' },
        }),
    });
    await screen.findByText(/^Last updated /);
    window.dispatchEvent(new Event('offline'));
    copy = false;
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Your status is up to date.')).toBeTruthy();
    expect(screen.queryByText(/^Last updated /)).toBeNull();
    online.mockRestore();
  });

  it('offline, the record read earlier says when it was read', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderDashboard();
    await screen.findByText('Your status is up to date.');
    online.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/^Last updated /)).toBeTruthy();
    online.mockRestore();
  });
});

describe('the last-updated time', () => {
  it('is the time today, and the day too before today', () => {
    const now = new Date(2027, 5, 10, 18, 0);
    expect(lastUpdatedText(new Date(2027, 5, 10, 14, 5).getTime(), now)).toMatch(/14:05|2:05/);
    const yesterday = lastUpdatedText(new Date(2027, 5, 9, 14, 5).getTime(), now);
    expect(yesterday).toMatch(/2027/);
  });
});
