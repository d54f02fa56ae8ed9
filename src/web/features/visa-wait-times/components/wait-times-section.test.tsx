import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-fetch.js';
import { renderWaitTimes, SOME_WAIT_TIMES, waitTime } from '../test/wait-times-fixtures.js';

const consulates = () => screen.queryByRole('list', { name: 'Consulates' });
const posts = () =>
  within(screen.getByRole('list', { name: 'Consulates' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const cardOf = (post: string) => {
  const article = screen.getByRole('heading', { level: 3, name: post }).closest('article');
  if (!article) throw new Error(`No card for ${post}`);
  return article;
};
const searchBox = () => screen.getByRole('searchbox', { name: 'Search consulates' });
const countryFilter = () => screen.getByRole('combobox', { name: 'Country' });

async function waitTimesShown() {
  await screen.findByRole('list', { name: 'Consulates' });
}

describe('the consulate wait times', () => {
  it('lists the posts best wait first, then by post, each with its wait and quality badge', async () => {
    const { sent } = renderWaitTimes();
    await waitTimesShown();

    expect(screen.getByRole('heading', { level: 2, name: 'Consulate Wait Times' })).toBeTruthy();
    expect(posts()).toEqual([
      'Funafuti',
      'Mumbai',
      'Toronto',
      'Abuja',
      'Accra',
      'Abu Dhabi',
      'Lagos',
      'Adana',
    ]);
    const abuja = cardOf('Abuja');
    expect(abuja.textContent).toContain('Nigeria');
    expect(abuja.textContent).toContain('4.5 Months');
    // The label always shows: the badge's colour is never the only signal.
    for (const [post, label] of [
      ['Toronto', '0-1 months'],
      ['Abuja', '2-4 months'],
      ['Abu Dhabi', '5-11 months'],
      ['Lagos', '12+ months'],
      ['Adana', 'N/A'],
    ] as const) {
      expect(cardOf(post).textContent).toContain(`Wait category: ${label}`);
    }
    expect(screen.getByText('Showing 8 of 8 consulates')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Consulate Wait Times' });
    expect(section.textContent).toContain('F, M and J categories');
    expect(section.textContent).toContain('(scheduling), not how long the visa takes to process');

    // Public data: asked for without the student's token, so caches may keep it.
    const request = sent.find((r) => r.url === '/api/visa-wait-times');
    expect(request?.method).toBe('GET');
    expect(request?.headers.get('Authorization')).toBeNull();
  });

  it('searches post and country, ignoring case', async () => {
    const { user } = renderWaitTimes();
    await waitTimesShown();
    expect(searchBox().getAttribute('placeholder')).toBe('Search by city or country...');

    await user.type(searchBox(), 'ABUJA');
    await waitFor(() => {
      expect(posts()).toEqual(['Abuja']);
    });

    await user.clear(searchBox());
    await user.type(searchBox(), 'nigeria');
    await waitFor(() => {
      expect(posts()).toEqual(['Abuja', 'Lagos']);
    });
    expect(screen.getByText('Showing 2 of 2 consulates')).toBeTruthy();
  });

  it('filters by a country from the data, sorted, after All Countries', async () => {
    const { user } = renderWaitTimes();
    await waitTimesShown();

    const options = within(countryFilter())
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'All Countries',
      'Canada',
      'Ghana',
      'India',
      'Nigeria',
      'Turkey',
      'Tuvalu',
      'United Arab Emirates',
    ]);

    await user.selectOptions(countryFilter(), 'Nigeria');
    await waitFor(() => {
      expect(posts()).toEqual(['Abuja', 'Lagos']);
    });

    await user.type(searchBox(), 'lag');
    await waitFor(() => {
      expect(posts()).toEqual(['Lagos']);
    });

    await user.clear(searchBox());
    await user.selectOptions(countryFilter(), 'All Countries');
    await waitFor(() => {
      expect(posts()).toHaveLength(8);
    });
  });

  it("shows 24 until 'Show All {n} Consulates', then every one, focus on the first revealed", async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      waitTime(`Post ${String(i + 1).padStart(2, '0')}`, 'Testland', '1 Month'),
    );
    const { user } = renderWaitTimes({ 'GET /api/visa-wait-times': json(many) });
    await waitTimesShown();

    expect(posts()).toHaveLength(24);
    expect(screen.getByText('Showing 24 of 30 consulates')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show All 30 Consulates' }));

    await waitFor(() => {
      expect(posts()).toHaveLength(30);
    });
    expect(screen.getByText('Showing 30 of 30 consulates')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show All/ })).toBeNull();
    expect(document.activeElement).toBe(cardOf('Post 25'));
  });

  it("draws a long list's revealed cards a batch at a time, the first with the click", async () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      waitTime(`Post ${String(i + 1).padStart(3, '0')}`, 'Testland', '1 Month'),
    );
    const { user } = renderWaitTimes({ 'GET /api/visa-wait-times': json(many) });
    await waitTimesShown();

    await user.click(screen.getByRole('button', { name: 'Show All 100 Consulates' }));

    expect(posts().length).toBeLessThan(100);
    expect(document.activeElement).toBe(cardOf('Post 025'));
    expect(screen.getByText('Showing 100 of 100 consulates')).toBeTruthy();
    await waitFor(() => {
      expect(posts()).toHaveLength(100);
    });
    expect(posts().at(-1)).toBe('Post 100');
    expect(document.activeElement).toBe(cardOf('Post 025'));
  });

  it('says so when nothing matches', async () => {
    const { user } = renderWaitTimes();
    await waitTimesShown();

    await user.type(searchBox(), 'atlantis');

    expect(await screen.findByText('No consulates found matching your criteria.')).toBeTruthy();
    expect(consulates()).toBeNull();
    expect(screen.queryByRole('button', { name: /Show All/ })).toBeNull();
  });

  it('says the wait times could not be fetched when the request fails', async () => {
    renderWaitTimes({ 'GET /api/visa-wait-times': json({ message: 'Unavailable' }, 503) });

    expect(
      await screen.findByText(
        'Unable to fetch current wait times. Showing cached data. Please try refreshing.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('No consulates found matching your criteria.')).toBeNull();
    expect(consulates()).toBeNull();
  });

  it('Refresh fetches again and announces the result; a failed refresh keeps the list', async () => {
    const answers = [
      () => json(SOME_WAIT_TIMES),
      () => json([...SOME_WAIT_TIMES, waitTime('Kigali', 'Rwanda', '2 Months')]),
      () => json({ message: 'Bad Gateway' }, 502),
    ];
    const { sent, user } = renderWaitTimes({
      'GET /api/visa-wait-times': () => (answers.shift() ?? (() => json([], 500)))(),
    });
    await waitTimesShown();
    expect(posts()).not.toContain('Kigali');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('Wait times updated.')).toBeTruthy();
    expect(posts()).toContain('Kigali');
    expect(sent.filter((r) => r.url === '/api/visa-wait-times')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('Wait times could not be refreshed.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Unable to fetch current wait times. Showing cached data. Please try refreshing.',
    );
    expect(posts()).toContain('Kigali');
    expect(posts()).toHaveLength(9);
  });

  it("links 'Schedule Appointment' to the country's booking site, or the list of posts", async () => {
    renderWaitTimes();
    await waitTimesShown();

    const link = (post: string) =>
      within(cardOf(post)).getByRole('link', { name: 'Schedule Appointment (opens in a new tab)' });
    expect(link('Toronto').getAttribute('href')).toBe('https://ais.usvisa-info.com/en-ca/niv');
    expect(link('Mumbai').getAttribute('href')).toBe('https://www.usvisascheduling.com/');
    expect(link('Abuja').getAttribute('href')).toBe('https://ng.usembassy.gov/visas/');
    // Tuvalu is not in the lookup: the State Department's list of embassies and consulates.
    expect(link('Funafuti').getAttribute('href')).toBe(
      'https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/list-of-posts.html',
    );
    for (const post of ['Toronto', 'Funafuti']) {
      expect(link(post).getAttribute('target')).toBe('_blank');
      expect(link(post).getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});
