import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TRoadmapResponse } from '../../../../shared/roadmap.js';
import { json } from '../../../test/fake-fetch.js';
import {
  LAKESHORE_APPLICATION,
  priyasRoadmap,
  renderRoadmapPage,
} from '../test/roadmap-fixtures.js';
import { ROADMAP_LOAD_FAILED } from './roadmap-page.js';

const steps = () => screen.findByRole('list', { name: 'Visa steps' });
const stepItems = async () => within(await steps()).getAllByRole('listitem');

describe('the visa roadmap', () => {
  it('lists the seven steps in order, each with its status in words', async () => {
    renderRoadmapPage();
    const items = await stepItems();

    expect(screen.getByRole('heading', { level: 1, name: 'Visa Roadmap' })).toBeTruthy();
    expect(
      items.map((item) => [
        within(item).getByRole('heading', { level: 3 }).textContent,
        item.querySelector('[data-slot="status-badge"]')?.textContent,
      ]),
    ).toEqual([
      ['Admitted', 'Completed'],
      ['Proof of Funds Submitted', 'In Progress'],
      ['I-20 Received', 'Pending'],
      ['SEVIS Fee Paid', 'Pending'],
      ['Visa Interview Scheduled', 'Pending'],
      ['Visa Received', 'Pending'],
      ['Travel to Destination', 'Pending'],
    ]);
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('shows the progress as completed over total', async () => {
    renderRoadmapPage();
    await steps();

    expect(screen.getByText('1 of 7 steps completed')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Your progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('14');
    expect(bar.getAttribute('aria-valuetext')).toBe('1 of 7 steps completed');
  });

  it('gives the typical days of the steps not done, and the action note of the one in progress', async () => {
    renderRoadmapPage();
    const [admitted, funds, i20] = await stepItems();

    expect(admitted?.textContent).not.toMatch(/days after admission/);
    expect(funds?.textContent).toContain('Typically 7 days after admission');
    expect(i20?.textContent).toContain('Typically 14 days after admission');
    const note = within(funds as HTMLElement).getByRole('note');
    expect(note.textContent).toContain('Upload your bank statements');
    expect(
      within(note)
        .getByRole('link', { name: /Upload bank statements/ })
        .getAttribute('href'),
    ).toBe(`/application/${LAKESHORE_APPLICATION}#required-documents`);
    expect(screen.getAllByRole('note')).toHaveLength(1);
  });

  it('leads to the applications when no application asked for the bank statements', async () => {
    const steps = priyasRoadmap.steps.map((s) => ({ ...s, actionApplicationId: null }));
    renderRoadmapPage({ 'GET /api/roadmap': json({ ...priyasRoadmap, steps }) });
    const [, funds] = await stepItems();

    expect(
      within(funds as HTMLElement)
        .getByRole('link', { name: /Upload bank statements/ })
        .getAttribute('href'),
    ).toBe('/applications');
  });

  it('shows the program start date and the earliest arrival, or says there is none yet', async () => {
    renderRoadmapPage();
    await steps();
    expect(screen.getByText(/Your program starts on/).textContent).toBe(
      'Your program starts on August 23, 2027. You may arrive in the United States from July 24, 2027, up to 30 days before.',
    );
  });

  it('says the start date is not confirmed when the record has none', async () => {
    const noDate: TRoadmapResponse = {
      ...priyasRoadmap,
      programStartDate: null,
      earliestArrivalDate: null,
    };
    renderRoadmapPage({ 'GET /api/roadmap': json(noDate) });
    await steps();
    expect(
      screen.getByText('Your school has not confirmed your program start date yet.'),
    ).toBeTruthy();
  });

  it('lists the documents: available with a link, or when they are expected', async () => {
    renderRoadmapPage();
    await steps();

    const letter = screen.getByRole('article', { name: 'Acceptance Letter' });
    expect(within(letter).getByText('Available')).toBeTruthy();
    const open = within(letter).getByRole('link', { name: /Open Acceptance Letter/ });
    expect(open.getAttribute('href')).toBe(
      'https://lakeshore-state.example.edu/letters/acceptance.pdf',
    );
    expect(open.getAttribute('target')).toBe('_blank');
    const i20 = screen.getByRole('article', { name: 'Form I-20' });
    expect(within(i20).getByText('Not yet available')).toBeTruthy();
    expect(within(i20).getByText('Expected around March 15, 2027')).toBeTruthy();
    expect(within(i20).queryByRole('link')).toBeNull();
  });

  it('shows the day an issued document was issued', async () => {
    const issued: TRoadmapResponse = {
      ...priyasRoadmap,
      documents: [
        {
          title: 'Form I-20',
          description: 'Issued by your school.',
          available: true,
          url: 'https://lakeshore-state.example.edu/i20/document.pdf',
          issuedDate: '2027-02-10',
          estimatedDate: null,
        },
      ],
    };
    renderRoadmapPage({ 'GET /api/roadmap': json(issued) });
    await steps();
    const i20 = screen.getByRole('article', { name: 'Form I-20' });
    expect(within(i20).getByText('Issued February 10, 2027')).toBeTruthy();
  });

  it('says so, with Try Again, when the roadmap cannot be loaded', async () => {
    let reads = 0;
    const { user } = renderRoadmapPage({
      'GET /api/roadmap': () =>
        ++reads === 1 ? json({ message: 'Unavailable' }, 503) : json(priyasRoadmap),
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ROADMAP_LOAD_FAILED);
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await stepItems()).toHaveLength(7);
  });
});
