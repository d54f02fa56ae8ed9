import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { seriousViolations } from '../../../test/axe.js';
import { json } from '../../../test/fake-fetch.js';
import { renderConsole } from '../../test/render-console.js';
import { PRIYA_ID, rahul, staffMember, studentRecord } from '../../test/staff-data.js';

const RECORD = `/api/staff/students/${PRIYA_ID}`;
const dana = staffMember({
  name: 'Dana Whitfield',
  role: 'school',
  organisationName: 'Lakeshore State University',
});

/** The record as the server answers it, version by version: each read gets the next. */
function recordReads(...records: TStaffStudentRecord[]) {
  let read = 0;
  return () => json(records[Math.min(read++, records.length - 1)]);
}

const withOverview = (overview: Partial<TStaffStudentRecord['overview']>) => {
  const record = studentRecord();
  return { ...record, overview: { ...record.overview, ...overview } };
};

describe("the record's changes", () => {
  it('lets a school officer save the admission, naming the version the form shows, then shows the saved values', async () => {
    const saved = withOverview({ major: 'Statistics', version: 8 });
    const { user, sent } = renderConsole(`/staff/students/${PRIYA_ID}`, {
      signedIn: dana,
      api: {
        [`GET ${RECORD}`]: recordReads(studentRecord(), saved),
        [`PUT ${RECORD}/admission`]: json({ version: 8 }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Admission' });
    const major = within(form).getByLabelText<HTMLInputElement>('Major');
    expect(major.value).toBe('Data Science');
    await user.clear(major);
    await user.type(major, 'Statistics');
    await user.selectOptions(
      within(form).getByLabelText('Lakeshore State University, MS Data Science'),
      'accepted',
    );
    await user.click(within(form).getByRole('button', { name: 'Save admission' }));

    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.headers.get('if-match')).toBe('"7"');
    expect(JSON.parse(put?.body ?? '')).toEqual({
      admissionStatus: 'Admitted',
      degree: 'Master of Science',
      major: 'Statistics',
      admittedSemester: 'Fall 2027',
      acceptanceLetterUrl: '',
      applications: [{ id: 11, status: 'accepted' }],
    });
    // The record is read again after the save.
    await waitFor(() => {
      expect(sent.filter((r) => r.method === 'GET' && r.url === RECORD)).toHaveLength(2);
    });
    expect(await seriousViolations()).toEqual([]);
  });

  it('says who saved first when the save is refused as stale, and fills the form with the current values', async () => {
    const current = withOverview({ major: 'Economics', version: 9 });
    const message =
      "Grace Liu changed this student's record at 2026-11-27 14:05 UTC. The form now shows the current values: check them and save again.";
    const { user } = renderConsole(`/staff/students/${PRIYA_ID}`, {
      signedIn: dana,
      api: {
        [`GET ${RECORD}`]: recordReads(studentRecord(), current),
        [`PUT ${RECORD}/admission`]: json({ message }, 409),
      },
    });
    const form = await screen.findByRole('form', { name: 'Admission' });
    await user.clear(within(form).getByLabelText('Major'));
    await user.type(within(form).getByLabelText('Major'), 'Statistics');
    await user.click(within(form).getByRole('button', { name: 'Save admission' }));

    expect((await screen.findByRole('alert')).textContent).toContain(message);
    await waitFor(() => {
      const refreshed = screen.getByRole('form', { name: 'Admission' });
      expect(within(refreshed).getByLabelText<HTMLInputElement>('Major').value).toBe('Economics');
    });
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('checks the form before sending: an empty admission status and a link that is not one', async () => {
    const { user, sent } = renderConsole(`/staff/students/${PRIYA_ID}`, {
      signedIn: staffMember(),
      api: { [`GET ${RECORD}`]: json(studentRecord()) },
    });
    const form = await screen.findByRole('form', { name: 'Admission' });
    await user.clear(within(form).getByLabelText('Admission status'));
    await user.type(within(form).getByLabelText('Acceptance letter (link)'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Save admission' }));

    expect(within(form).getByText('Is required.')).toBeTruthy();
    expect(within(form).getByText('Must be a web address (https://...).')).toBeTruthy();
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows an agent the SEVIS fee and not the admission; marks the fee paid on a day', async () => {
    const { user, sent } = renderConsole(`/staff/students/${PRIYA_ID}`, {
      signedIn: rahul,
      api: {
        [`GET ${RECORD}`]: recordReads(
          studentRecord(),
          withOverview({ sevisPaid: true, sevisPaidOn: '2026-07-01', version: 8 }),
        ),
        [`PUT ${RECORD}/sevis`]: json({ version: 8 }),
      },
    });
    const form = await screen.findByRole('form', { name: 'SEVIS fee' });
    expect(screen.queryByRole('form', { name: 'Admission' })).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Mark paid' }));
    expect(within(form).getByText('Enter the day the fee was paid.')).toBeTruthy();

    await user.type(within(form).getByLabelText('Paid on'), '2026-07-01');
    await user.click(within(form).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.headers.get('if-match')).toBe('"7"');
    expect(JSON.parse(put?.body ?? '')).toEqual({ paidOn: '2026-07-01' });
    expect(await screen.findByRole('button', { name: 'Mark not paid' })).toBeTruthy();
  });

  it('issues the I-20 from a PDF, the day first, on the version the form shows', async () => {
    const { user, sent } = renderConsole(`/staff/students/${PRIYA_ID}`, {
      signedIn: dana,
      api: {
        [`GET ${RECORD}`]: recordReads(
          studentRecord(),
          withOverview({
            i20Issued: true,
            i20IssuedOn: '2026-07-01',
            issuedFiles: ['i20'],
            version: 8,
          }),
        ),
        [`POST ${RECORD}/i20`]: json({ version: 8 }),
      },
    });
    const form = await screen.findByRole('form', { name: 'I-20' });
    await user.click(within(form).getByRole('button', { name: 'Issue the I-20' }));
    expect(within(form).getByText('Enter the day the I-20 was issued.')).toBeTruthy();
    expect(within(form).getByText("Choose the I-20's PDF.")).toBeTruthy();

    const pdf = new File(['%PDF-1.7 the I-20'], 'priya-i20.pdf', { type: 'application/pdf' });
    await user.type(within(form).getByLabelText('Issued on'), '2026-07-01');
    await user.upload(within(form).getByLabelText('The I-20 (PDF, at most 10 MB)'), pdf);
    await user.click(within(form).getByRole('button', { name: 'Issue the I-20' }));

    expect(await screen.findByText('Saved.')).toBeTruthy();
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.headers.get('if-match')).toBe('"7"');
    expect([...(post?.form?.keys() ?? [])]).toEqual(['issuedOn', 'file']);
    expect(post?.form?.get('issuedOn')).toBe('2026-07-01');
    expect((post?.form?.get('file') as File | null)?.name).toBe('priya-i20.pdf');
    const link = await screen.findByRole('link', { name: 'Open the I-20 file' });
    expect(link.getAttribute('href')).toBe(`${RECORD}/i20`);
  });

  it('uploads the acceptance letter as a PDF, without a day', async () => {
    const letter = renderConsole(`/staff/students/${PRIYA_ID}`, {
      signedIn: dana,
      api: {
        [`GET ${RECORD}`]: recordReads(studentRecord(), withOverview({ version: 8 })),
        [`POST ${RECORD}/acceptance-letter`]: json({ version: 8 }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Acceptance letter (PDF)' });
    const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
    await letter.user.upload(
      within(form).getByLabelText('The acceptance letter (PDF, at most 10 MB)'),
      pdf('offer.pdf'),
    );
    await letter.user.click(
      within(form).getByRole('button', { name: 'Upload the acceptance letter' }),
    );
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const sentLetter = letter.sent.find((r) => r.method === 'POST');
    expect([...(sentLetter?.form?.keys() ?? [])]).toEqual(['file']);
  });

  it("lets an agent upload the SEVIS fee's receipt with the day paid, and not the acceptance letter", async () => {
    const { user, sent } = renderConsole(`/staff/students/${PRIYA_ID}`, {
      signedIn: rahul,
      api: {
        [`GET ${RECORD}`]: recordReads(studentRecord(), withOverview({ version: 8 })),
        [`POST ${RECORD}/sevis-receipt`]: json({ version: 8 }),
      },
    });
    const form = await screen.findByRole('form', { name: 'SEVIS fee receipt' });
    expect(screen.queryByRole('form', { name: 'Acceptance letter (PDF)' })).toBeNull();
    await user.type(within(form).getByLabelText('Paid on'), '2026-07-02');
    await user.upload(
      within(form).getByLabelText('The receipt (PDF, at most 10 MB)'),
      new File(['%PDF-1.7'], 'i901.pdf', { type: 'application/pdf' }),
    );
    await user.click(
      within(form).getByRole('button', { name: 'Upload the receipt and mark the fee paid' }),
    );
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const post = sent.find((r) => r.method === 'POST');
    expect([...(post?.form?.keys() ?? [])]).toEqual(['paidOn', 'file']);
    expect(post?.form?.get('paidOn')).toBe('2026-07-02');
  });

  it('reviews the interview on its tab: a retake needs its reason, and accepting sends the decision', async () => {
    const { user, sent } = renderConsole(`/staff/students/${PRIYA_ID}?tab=moi`, {
      signedIn: dana,
      api: {
        [`GET ${RECORD}`]: recordReads(studentRecord(), withOverview({ version: 8 })),
        [`PUT ${RECORD}/interview-review`]: json({ version: 8 }),
      },
    });
    const retake = await screen.findByRole('form', { name: 'Ask for a retake' });
    await user.click(within(retake).getByRole('button', { name: 'Ask for a retake' }));
    expect(
      within(retake).getByText('Say why the student should record the interview again.'),
    ).toBeTruthy();
    await user.type(
      within(retake).getByLabelText('Why a retake (the student reads this)'),
      'Your second answer has no sound.',
    );
    await user.click(within(retake).getByRole('button', { name: 'Ask for a retake' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.headers.get('if-match')).toBe('"7"');
    expect(JSON.parse(put?.body ?? '')).toEqual({
      decision: 'retake',
      reason: 'Your second answer has no sound.',
    });

    await user.click(screen.getByRole('button', { name: 'Accept the interview' }));
    await waitFor(() => {
      expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(2);
    });
    expect(JSON.parse(sent.filter((r) => r.method === 'PUT')[1]?.body ?? '')).toEqual({
      decision: 'accept',
    });
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows an agent the recordings without the review', async () => {
    renderConsole(`/staff/students/${PRIYA_ID}?tab=moi`, {
      signedIn: rahul,
      api: { [`GET ${RECORD}`]: json(studentRecord()) },
    });
    expect(await screen.findByLabelText('Answer to question 1')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Ask for a retake' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept the interview' })).toBeNull();
  });

  it("issues an agent's student a new invite after asking, and shows its code once", async () => {
    const code = 'ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345';
    const { user, sent } = renderConsole(`/staff/students/${PRIYA_ID}`, {
      signedIn: rahul,
      api: {
        [`GET ${RECORD}`]: json(studentRecord()),
        [`POST ${RECORD}/invite`]: json({
          code,
          expiresAt: '2026-12-11T10:00:00.000Z',
          revokedPasskeys: 1,
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Issue a new invite' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Issue Priya Sharma a new invite?' });
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Issue the new invite' }));

    const field = await screen.findByLabelText<HTMLInputElement>('Invite code');
    expect(field.value).toBe(code);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Invite code')).toBeNull();
  });

  it('shows a school officer no invite card', async () => {
    renderConsole(`/staff/students/${PRIYA_ID}`, {
      signedIn: dana,
      api: { [`GET ${RECORD}`]: json(studentRecord()) },
    });
    expect(await screen.findByRole('form', { name: 'Admission' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Issue a new invite' })).toBeNull();
  });
});
