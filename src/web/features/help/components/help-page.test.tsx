import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HELP_MESSAGES } from '../../../../shared/help.js';
import { json } from '../../../test/fake-fetch.js';
import { renderHelpPage, universityDetails } from '../test/help-fixtures.js';

/** The page is on screen once the session is checked, its code has arrived, and its reads settled. */
const pageShown = () => screen.findByRole('region', { name: 'Product Support' });
const card = (name: string) => screen.getByRole('region', { name });
const university = () => card('Your University');
const agency = () => card('Your Agency');
const linkIn = (region: HTMLElement, name: RegExp | string) =>
  within(region).getByRole('link', { name });

describe('the help page', () => {
  it("shows the student's university: who it is, its mission cut to 400 characters, how to reach it", async () => {
    renderHelpPage();
    await pageShown();

    const school = university();
    expect(
      await within(school).findByRole('heading', { name: 'Lakeshore State University' }),
    ).toBeTruthy();
    expect(school.textContent).toContain('Public · Large (15,000+ students)');
    const mission = within(school).getByText(/^Lakeshore State University educates/);
    expect(mission.textContent).toHaveLength(401);
    expect(mission.textContent.endsWith('…')).toBe(true);
    expect(linkIn(school, '+1 312 555 0142').getAttribute('href')).toBe('tel:+13125550142');
    expect(linkIn(school, 'admissions@lakeshore-state.example.edu').getAttribute('href')).toBe(
      'mailto:admissions@lakeshore-state.example.edu',
    );
    const whatsapp = linkIn(school, /\+1 312 555 0143/);
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/13125550143');
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(within(school).getByText('1200 Lakeshore Drive')).toBeTruthy();
    expect(within(school).getByText('Chicago, IL 60601')).toBeTruthy();
    const online = within(school).getByRole('list', { name: 'Lakeshore State University online' });
    expect(
      within(online)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      'https://www.lakeshore-state.example.edu',
      'https://facebook.com/lakeshorestate.example',
      'https://x.com/lakeshorestate.example',
    ]);
  });

  it('keeps a short mission whole and leaves out what the school did not give', async () => {
    const school = universityDetails.school;
    if (!school) throw new Error('the fixture has a school');
    renderHelpPage({
      'POST /api/university-details': json({
        school: { ...school, Mission: 'We teach.', whatsapp_number: null, Facebook: null },
      }),
    });
    await pageShown();

    expect(await within(university()).findByText('We teach.')).toBeTruthy();
    expect(university().textContent).not.toContain('WhatsApp');
    expect(within(university()).queryByRole('link', { name: /Facebook/ })).toBeNull();
  });

  it("shows the agency and the student's agent", async () => {
    renderHelpPage();
    await pageShown();

    const region = agency();
    expect(
      await within(region).findByRole('heading', { name: 'Bright Horizons Education Consultants' }),
    ).toBeTruthy();
    expect(linkIn(region, '+91 22 5550 1234').getAttribute('href')).toBe('tel:+912255501234');
    expect(linkIn(region, 'hello@brighthorizons.example.com')).toBeTruthy();
    expect(region.textContent).toContain('Mumbai, Maharashtra, India');
    expect(within(region).getByText('Visa guidance')).toBeTruthy();
    expect(within(region).getByText('Rahul Mehta')).toBeTruthy();
    expect(linkIn(region, '+91 98200 55501').getAttribute('href')).toBe('tel:+919820055501');
  });

  it("says 'No agency details found' to a student who enrolled directly", async () => {
    renderHelpPage({ 'POST /api/agency-details': json({ agency: null, agent: null }) });
    await pageShown();

    expect(await within(agency()).findByText(HELP_MESSAGES.noAgency)).toBeTruthy();
    expect(agency().textContent).toContain('You enrolled directly with your school');
  });

  it("says 'No university details found' when the record names no school", async () => {
    renderHelpPage({ 'POST /api/university-details': json({ school: null }) });
    await pageShown();

    expect(await within(university()).findByText(HELP_MESSAGES.noUniversity)).toBeTruthy();
  });

  it('says what failed in each card, asks to contact the university, and tries again', async () => {
    let universityCalls = 0;
    const { user } = renderHelpPage({
      'POST /api/university-details': () =>
        ++universityCalls === 1 ? json({ message: 'Unavailable' }, 503) : json(universityDetails),
      'POST /api/agency-details': json({ message: 'Unavailable' }, 503),
    });
    await pageShown();

    const failed = await within(university()).findByRole('alert');
    expect(failed.textContent).toContain(HELP_MESSAGES.universityUnavailable);
    expect(failed.textContent).toContain(HELP_MESSAGES.universityFetchFailed);
    expect(failed.textContent).toContain(HELP_MESSAGES.contactUniversity);
    expect((await within(agency()).findByRole('alert')).textContent).toContain(
      HELP_MESSAGES.agencyFetchFailed,
    );

    await user.click(within(failed).getByRole('button', { name: 'Try Again' }));
    expect(
      await within(university()).findByRole('heading', { name: 'Lakeshore State University' }),
    ).toBeTruthy();
  });

  it('asks each details call once, with the token, and not again on coming back', async () => {
    const { sent, router } = renderHelpPage({
      // The roadmap page is only passed through.
      'GET /api/roadmap': json({
        steps: [],
        documents: [],
        programStartDate: null,
        earliestArrivalDate: null,
      }),
    });
    await pageShown();
    await within(agency()).findByText('Rahul Mehta');

    await router.navigate('/actions');
    await screen.findByRole('heading', { level: 1, name: 'Visa Roadmap' });
    await router.navigate('/help');
    await within(await screen.findByRole('region', { name: 'Your Agency' })).findByText(
      'Rahul Mehta',
    );

    const posts = sent.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url).sort()).toEqual([
      '/api/agency-details',
      '/api/university-details',
    ]);
    for (const post of posts) expect(post.headers.get('Authorization')).toBe('Bearer stored-token');
  });

  it('offers support by e-mail and live chat, with the hours', async () => {
    renderHelpPage();
    await pageShown();

    const support = card('Product Support');
    expect(linkIn(support, 'support@f1studentportal.com').getAttribute('href')).toBe(
      'mailto:support@f1studentportal.com',
    );
    expect(linkIn(support, /Live Chat/).getAttribute('target')).toBe('_blank');
    expect(support.textContent).toContain('9am - 6pm EST via chat');
  });

  it("links the US government's sites, each in a new tab", async () => {
    renderHelpPage();
    await pageShown();

    const government = card('US Government Resources');
    const hrefs = within(government)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://www.uscis.gov',
      'https://travel.state.gov/content/travel/en/us-visas/study/student-visa.html',
      'https://www.fmjfee.com',
      'https://www.ice.gov/sevis',
      'https://www.usembassy.gov',
    ]);
    for (const link of within(government).getAllByRole('link')) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('gives the emergency guidance, with 911 and the way to the profile', async () => {
    const { user, router } = renderHelpPage();
    await pageShown();

    const emergency = card('In an Emergency');
    expect(linkIn(emergency, '911').getAttribute('href')).toBe('tel:911');
    await user.click(linkIn(emergency, 'profile'));
    await waitFor(() => {
      expect(router.location.pathname).toBe('/profile');
    });
  });
});
