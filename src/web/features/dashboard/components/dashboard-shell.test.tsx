import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applicantData } from '../../../test/data-generators.js';
import { deferred, json } from '../../../test/fake-fetch.js';
import { stubObjectUrls } from '../../../test/object-urls.js';
import { renderDashboard } from '../test/dashboard-fixtures.js';

/** The value of a status tile, found by its label. */
function tileValue(label: string): string | null {
  const overview = screen.getByRole('region', { name: 'Status Overview' });
  const term = within(overview).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}
const tileLabels = () =>
  within(screen.getByRole('region', { name: 'Status Overview' }))
    .getAllByText(/./, { selector: 'dt' })
    .map((dt) => dt.textContent);
const card = (name: string) => screen.getByRole('group', { name });
const queryCard = (name: string) => screen.queryByRole('group', { name });

async function loaded() {
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' });
  await screen.findByText('Your status is up to date.');
}

describe('the dashboard before the applicant data arrives', () => {
  it('draws placeholders, not the defaults as facts, until the record arrives', async () => {
    const answer = deferred<Response>();
    const { sent } = renderDashboard({ 'POST /api/applicant-data': () => answer.promise });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeTruthy();
    expect(screen.getByText('Loading your latest status…')).toBeTruthy();
    // Spec section 4's defaults ('Processing', not issued, not paid) are not this student's status.
    for (const label of ['Application Status', 'I-20 Status', 'SEVIS Fee', 'Visa Appointment']) {
      expect(tileValue(label)).toBe('Loading');
    }
    expect(screen.queryByText('Processing')).toBeNull();
    expect(screen.queryByText('Your admitting school')).toBeNull();
    expect(queryCard('I-20 Document')).toBeNull();
    expect(queryCard('SEVIS Fee Payment')).toBeNull();
    const nextStep = screen.getByRole('region', { name: 'Your next step' });
    expect(nextStep.getAttribute('aria-busy')).toBe('true');
    expect(within(nextStep).queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Acceptance Letter' })).toHaveProperty(
      'disabled',
      true,
    );

    // Spec section 7: an empty object, with the bearer token, once. The query sends it from an
    // effect, which may run after the first paint.
    const requests = () => sent.filter((r) => r.url === '/api/applicant-data');
    await waitFor(() => {
      expect(requests()).toHaveLength(1);
    });
    const [request] = requests();
    expect(request?.method).toBe('POST');
    expect(request?.body).toBe('{}');
    expect(request?.headers.get('Authorization')).toBe('Bearer stored-token');

    answer.resolve(json(applicantData()));

    expect(await screen.findByText('Your status is up to date.')).toBeTruthy();
    expect(tileValue('Application Status')).toBe('Admitted');
    expect(tileLabels()).toContain('MOI Interview');
  });

  it('says the status could not be loaded, with Try again, and shows it once read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let failing = true;
    const { sent, user } = renderDashboard({
      'POST /api/applicant-data': () =>
        failing ? json({ message: 'Internal Server Error' }, 500) : json(applicantData()),
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your status could not be loaded');
    expect(warn).toHaveBeenCalledWith('Could not load the applicant data:', expect.any(Error));
    expect(String(warn.mock.calls[0]?.[1])).toContain('500: ');
    expect(screen.queryByText('Loading your latest status…')).toBeNull();
    expect(tileValue('Application Status')).toBe('Not loaded');
    expect(screen.queryByText('Processing')).toBeNull();
    expect(screen.queryByText('Not Paid')).toBeNull();
    expect(queryCard('MOI Interview')).toBeNull();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Your status is up to date.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(tileValue('Application Status')).toBe('Admitted');
    expect(sent.filter((r) => r.url === '/api/applicant-data')).toHaveLength(2);
  });
});

describe('the welcome and school card', () => {
  it("shows the student, the school, the degree, major and semester, and the letter's link", async () => {
    renderDashboard({
      'POST /api/applicant-data': json(
        applicantData({
          school: { Logo: 'lakeshore-state.example.edu/logo.png' },
          application: { acceptance_letter: 'lakeshore-state.example.edu/letters/a.pdf' },
        }),
      ),
    });
    await loaded();

    expect(
      screen.getByRole('heading', { level: 2, name: 'Lakeshore State University' }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Lakeshore State University logo' })).toHaveProperty(
      'src',
      'https://lakeshore-state.example.edu/logo.png',
    );
    for (const text of ['Priya Sharma', 'Master of Science', 'Data Science', 'Fall 2027']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    const letter = screen.getByRole('link', { name: 'Acceptance Letter (opens in a new tab)' });
    // A link stored without a scheme gets https: (spec section 3).
    expect(letter.getAttribute('href')).toBe('https://lakeshore-state.example.edu/letters/a.pdf');
    expect(letter.getAttribute('target')).toBe('_blank');
    expect(letter.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('disables Acceptance Letter when there is no letter, and never links anything but the web', async () => {
    renderDashboard({
      'POST /api/applicant-data': json(
        applicantData({ application: { acceptance_letter: 'javascript:alert(1)' } }),
      ),
    });
    await loaded();

    expect(screen.getByRole('button', { name: 'Acceptance Letter' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByRole('link', { name: /Acceptance Letter/ })).toBeNull();
  });
});

describe('the MOI tile and card', () => {
  it('are absent when the school does not require MOI', async () => {
    renderDashboard({
      'POST /api/applicant-data': json(
        applicantData({
          school: { 'Require MOI': false },
          application: { 'MOI Status': 'Pending' },
        }),
      ),
    });
    await loaded();

    expect(tileLabels()).toEqual([
      'Application Status',
      'I-20 Status',
      'SEVIS Fee',
      'Visa Appointment',
    ]);
    expect(queryCard('MOI Interview')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start MOI Interview' })).toBeNull();
  });

  it('Incomplete: the fifth tile, and Start MOI Interview goes to /moi', async () => {
    const { router, user } = renderDashboard();
    await loaded();

    expect(tileLabels()).toHaveLength(5);
    expect(tileValue('MOI Interview')).toBe('Incomplete');
    const moi = card('MOI Interview');
    expect(within(moi).getByText('Incomplete')).toBeTruthy();
    const start = within(moi).getByRole('link', { name: 'Start MOI Interview' });
    expect(start.getAttribute('href')).toBe('/moi');

    await user.click(start);
    await waitFor(() => {
      expect(router.location.pathname).toBe('/moi');
    });
  });

  it("Incomplete after a retake the school asked for: the card says so, with the school's reason", async () => {
    const reason = 'Your second answer has no sound. Please record it again.';
    renderDashboard({ 'GET /api/moi/review': json({ retakeReason: reason }) });
    await loaded();
    const moi = card('MOI Interview');
    expect(
      await within(moi).findByText('Your school asked you to record the interview again'),
    ).toBeTruthy();
    expect(within(moi).getByText(reason)).toBeTruthy();
    expect(within(moi).getByRole('link', { name: 'Start MOI Interview' })).toBeTruthy();
  });

  it('a missing status counts as Incomplete', async () => {
    renderDashboard({
      'POST /api/applicant-data': json(applicantData({ application: { 'MOI Status': undefined } })),
    });
    await loaded();

    expect(tileValue('MOI Interview')).toBe('Incomplete');
    expect(
      within(card('MOI Interview')).getByRole('link', { name: 'Start MOI Interview' }),
    ).toBeTruthy();
  });

  it("Pending reads 'Pending Review' and still offers the interview", async () => {
    renderDashboard({
      'POST /api/applicant-data': json(applicantData({ application: { 'MOI Status': 'Pending' } })),
    });
    await loaded();

    expect(tileValue('MOI Interview')).toBe('Pending Review');
    const moi = card('MOI Interview');
    expect(within(moi).getByText('Pending Review')).toBeTruthy();
    expect(within(moi).getByRole('link', { name: 'Start MOI Interview' })).toBeTruthy();
  });

  it("Submitted shows 'MOI Submitted' and no start link", async () => {
    renderDashboard({
      'POST /api/applicant-data': json(
        applicantData({ application: { 'MOI Status': 'Submitted' } }),
      ),
    });
    await loaded();

    expect(tileValue('MOI Interview')).toBe('Submitted');
    const moi = card('MOI Interview');
    expect(within(moi).getByText('Submitted')).toBeTruthy();
    expect(within(moi).getByText('MOI Submitted')).toBeTruthy();
    expect(within(moi).queryByRole('link', { name: 'Start MOI Interview' })).toBeNull();
  });

  it("reads 'Loading…' while a changed record loads again, then the new status", async () => {
    const second = deferred<Response>();
    const answers: Array<() => Response | Promise<Response>> = [
      () => json(applicantData()),
      () => second.promise,
    ];
    const { queryClient } = renderDashboard({
      'POST /api/applicant-data': () => (answers.shift() ?? (() => json({}, 500)))(),
    });
    await loaded();
    expect(tileValue('MOI Interview')).toBe('Incomplete');

    // What the interview page does after a submit: the record is out of date.
    void queryClient.invalidateQueries({ queryKey: ['/api/applicant-data'] });

    await waitFor(() => {
      expect(tileValue('MOI Interview')).toBe('Loading…');
    });
    expect(within(card('MOI Interview')).getByText('Loading…')).toBeTruthy();

    second.resolve(json(applicantData({ application: { 'MOI Status': 'Submitted' } })));

    await waitFor(() => {
      expect(tileValue('MOI Interview')).toBe('Submitted');
    });
    expect(within(card('MOI Interview')).getByText('MOI Submitted')).toBeTruthy();
  });
});

describe('the I-20 card', () => {
  it('issued with a link: Download I-20 opens the document in a new tab', async () => {
    renderDashboard({
      'POST /api/applicant-data': json(
        applicantData({
          application: {
            'I20 issued': 'Yes',
            'i20 document': 'https://school.example.edu/i20.pdf',
          },
        }),
      ),
    });
    await loaded();

    expect(tileValue('I-20 Status')).toBe('Issued');
    const i20 = card('I-20 Document');
    expect(within(i20).getByText('Issued')).toBeTruthy();
    const download = within(i20).getByRole('link', { name: 'Download I-20 (opens in a new tab)' });
    expect(download.getAttribute('href')).toBe('https://school.example.edu/i20.pdf');
    expect(download.getAttribute('target')).toBe('_blank');
    expect(download.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(i20).queryByRole('button', { name: 'Waiting for I-20' })).toBeNull();
  });

  it('issued without a link: Download I-20 says the URL is not available', async () => {
    const { user } = renderDashboard({
      'POST /api/applicant-data': json(
        applicantData({ application: { 'I20 issued': 'Yes', 'i20 document': null } }),
      ),
    });
    await loaded();
    const i20 = card('I-20 Document');
    expect(within(i20).queryByRole('alert')).toBeNull();

    await user.click(within(i20).getByRole('button', { name: 'Download I-20' }));

    expect(within(i20).getByRole('alert').textContent).toContain('I-20 document URL not available');
  });

  it('issued as a file in the portal: Download I-20 fetches it with the session and saves it', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);
    const urls = stubObjectUrls('i20');
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.href} as ${this.download}`);
    });
    let fail = false;
    const { user, sent } = renderDashboard({
      'POST /api/applicant-data': json(
        applicantData({ application: { 'I20 issued': 'Yes', 'i20 document': '/api/i20' } }),
      ),
      'GET /api/i20': () =>
        fail
          ? json({ message: 'Your I-20 file is not available.' }, 404)
          : new Response(pdf, { headers: { 'Content-Type': 'application/pdf' } }),
    });
    await loaded();
    const i20 = card('I-20 Document');
    expect(within(i20).queryByRole('link')).toBeNull();

    await user.click(within(i20).getByRole('button', { name: 'Download I-20' }));

    await waitFor(() => {
      expect(saved).toEqual(['blob:http://localhost/i20-1 as I-20.pdf']);
    });
    const request = sent.find((r) => r.url === '/api/i20');
    expect(request?.headers.get('Authorization')).toBe('Bearer stored-token');
    const [blob] = urls.blobs;
    expect(blob?.type).toBe('application/pdf');
    expect(new Uint8Array((await blob?.arrayBuffer()) ?? [])).toEqual(pdf);
    expect(within(i20).queryByRole('alert')).toBeNull();

    fail = true;
    await user.click(within(i20).getByRole('button', { name: 'Download I-20' }));
    expect((await within(i20).findByRole('alert')).textContent).toContain(
      'Your I-20 could not be downloaded.',
    );
    click.mockRestore();
  });

  it("not issued: a disabled 'Waiting for I-20' and how long it usually takes", async () => {
    renderDashboard({
      'POST /api/applicant-data': json(applicantData({ application: { 'I20 issued': 'Pending' } })),
    });
    await loaded();

    expect(tileValue('I-20 Status')).toBe('Not Issued');
    const i20 = card('I-20 Document');
    expect(within(i20).getByText('Not Issued')).toBeTruthy();
    expect(within(i20).getByRole('button', { name: 'Waiting for I-20' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(i20.textContent).toContain('typically takes 1-2 weeks after admission confirmation');
    expect(within(i20).queryByRole('link')).toBeNull();
  });
});

describe('the SEVIS and visa appointment cards', () => {
  it('before the I-20: the fee waits for its SEVIS ID, its button stays but is not the next step', async () => {
    renderDashboard({
      'POST /api/applicant-data': json(
        applicantData({ application: { 'MOI Status': 'Submitted' } }),
      ),
    });
    await loaded();

    expect(tileValue('SEVIS Fee')).toBe('Waiting for I-20');
    const sevis = card('SEVIS Fee Payment');
    expect(within(sevis).getByText('Waiting for I-20')).toBeTruthy();
    expect(sevis.textContent).toContain('Cannot start yet');
    expect(sevis.textContent).toContain('You will need the SEVIS ID from your I-20');
    expect(within(sevis).getByRole('link', { name: /Pay SEVIS Fee/ })).toBeTruthy();
    const nextStep = screen.getByRole('region', { name: 'Your next step' });
    expect(within(nextStep).queryByRole('link')).toBeNull();
    expect(nextStep.textContent).toContain('Nothing to do right now');

    const visa = card('Visa Appointment');
    expect(within(visa).getByText('Schedule Required')).toBeTruthy();
    expect(visa.textContent).toContain('The SEVIS fee must be paid before you schedule');
    expect(visa.textContent).not.toContain("you're ready to schedule");
  });

  it('I-20 issued, not paid: payment required, $350.00, Pay SEVIS Fee opens the I-901 site', async () => {
    renderDashboard({
      'POST /api/applicant-data': json(
        applicantData({ application: { 'I20 issued': 'Yes', 'MOI Status': 'Pending' } }),
      ),
    });
    await loaded();

    expect(tileValue('SEVIS Fee')).toBe('Payment Required');
    const sevis = card('SEVIS Fee Payment');
    expect(within(sevis).getByText('Payment Required')).toBeTruthy();
    expect(within(sevis).getByText('$350.00')).toBeTruthy();
    const pay = within(sevis).getByRole('link', { name: 'Pay SEVIS Fee (opens in a new tab)' });
    expect(pay.getAttribute('href')).toBe('https://www.fmjfee.com');
    expect(pay.getAttribute('target')).toBe('_blank');
    expect(pay.getAttribute('rel')).toBe('noopener noreferrer');
    // The fee is the next step: its one primary action opens the same site.
    const nextStep = screen.getByRole('region', { name: 'Your next step' });
    expect(
      within(nextStep)
        .getByRole('link', { name: /Pay SEVIS Fee/ })
        .getAttribute('href'),
    ).toBe('https://www.fmjfee.com');
  });

  it('paid: Paid, no payment link, and the visa card says the student is ready', async () => {
    renderDashboard({
      'POST /api/applicant-data': json(applicantData({ application: { 'sevis paid': 'Yes' } })),
    });
    await loaded();

    expect(tileValue('SEVIS Fee')).toBe('Paid');
    const sevis = card('SEVIS Fee Payment');
    expect(within(sevis).getByText('Paid')).toBeTruthy();
    expect(within(sevis).queryByRole('link', { name: /Pay SEVIS Fee/ })).toBeNull();
    expect(within(sevis).queryByText('$350.00')).toBeNull();

    const visa = card('Visa Appointment');
    expect(within(visa).getByText('Schedule Required')).toBeTruthy();
    expect(visa.textContent).toContain(
      "Your SEVIS fee is paid: you're ready to schedule your visa appointment.",
    );
    expect(tileValue('Visa Appointment')).toBe('Schedule Required');
  });
});

describe('the portal navigation', () => {
  it('links to every page of the portal, marks the dashboard as current, and moves on', async () => {
    const { router, user } = renderDashboard({ 'GET /api/applications': json([]) });
    await loaded();

    // Two of them, one shown by width (the header's tabs, a phone's bottom bar): the same pages.
    const [tabs, bottomBar] = screen.getAllByRole('navigation', { name: 'Portal' });
    const pagesOf = (nav: HTMLElement | undefined) =>
      within(nav ?? document.body)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(pagesOf(tabs)).toEqual([
      ['Dashboard', '/dashboard'],
      ['Applications', '/applications'],
      ['Messages', '/messages'],
      ['Profile', '/profile'],
      ['Visa Roadmap', '/actions'],
    ]);
    expect(pagesOf(bottomBar)).toEqual([
      ['Home', '/dashboard'],
      ['Applications', '/applications'],
      ['Messages', '/messages'],
      ['Profile', '/profile'],
      ['Roadmap', '/actions'],
    ]);
    const nav = tabs ?? document.body;
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await user.click(within(nav).getByRole('link', { name: 'Applications' }));
    await waitFor(() => {
      expect(router.location.pathname).toBe('/applications');
    });
  });
});
