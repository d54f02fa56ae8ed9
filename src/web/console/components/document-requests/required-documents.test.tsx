import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TStaffDocumentRequest } from '../../../../shared/staff-document-requests.js';
import { seriousViolations } from '../../../test/axe.js';
import { json } from '../../../test/fake-fetch.js';
import { stubObjectUrls } from '../../../test/object-urls.js';
import { renderConsole } from '../../test/render-console.js';
import {
  documentRequest,
  PRIYA_ID,
  rahul,
  requestFile,
  staffMember,
  studentRecord,
} from '../../test/staff-data.js';
import { calendarDayOf } from '../../../../shared/document-requests.js';

const RECORD = `/api/staff/students/${PRIYA_ID}`;
const REQUESTS = '/api/staff/applications/11/document-requests';
const dana = staffMember({
  name: 'Dana Whitfield',
  role: 'school',
  organisationName: 'Lakeshore State University',
});

/** A day `days` from today, as a due date. */
const dayFromToday = (days: number) => {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return calendarDayOf(day);
};

/** The record's Applications tab, its application 11 holding `requests` (read on every GET). */
function openChecklist(
  requests: () => TStaffDocumentRequest[],
  { signedIn = staffMember(), api = {}, record = studentRecord() } = {},
) {
  return renderConsole(`/staff/students/${PRIYA_ID}?tab=applications`, {
    signedIn,
    api: {
      [`GET ${RECORD}`]: json(record),
      [`GET ${REQUESTS}`]: () => json(requests()),
      ...api,
    },
  });
}

const requestItem = (title: string) => screen.findByRole('listitem', { name: title });

describe("an application's required documents", () => {
  it('lists each request with its state, due date, note and who asked, and its files newest first', async () => {
    openChecklist(() => [
      documentRequest({ dueDate: dayFromToday(-2), note: 'All pages, please.' }),
      documentRequest({
        id: 52,
        title: 'Sponsor letter',
        state: 'under_review',
        requestedBy: null,
        dueDate: dayFromToday(-1),
        documents: [
          requestFile({ id: 34, fileName: 'sponsor-v2.pdf', documentRequestId: 52 }),
          requestFile({
            id: 33,
            fileName: 'sponsor.jpg',
            fileType: 'image/jpeg',
            documentRequestId: 52,
            review: 'rejected',
            reason: 'Unreadable',
            reviewedBy: 'Dana Whitfield',
          }),
        ],
      }),
      documentRequest({ id: 53, title: 'Transcripts', dueDate: dayFromToday(3) }),
      documentRequest({
        id: 54,
        title: 'CV',
        state: 'accepted',
        documents: [requestFile({ id: 35, review: 'accepted', documentRequestId: 54 })],
      }),
    ]);
    expect(
      await screen.findByRole('heading', {
        name: 'Required documents: Lakeshore State University, MS Data Science',
      }),
    ).toBeTruthy();

    const bank = await requestItem('Bank statement');
    expect(within(bank).getByText('Requested')).toBeTruthy();
    expect(within(bank).getByText(/^Overdue: was due /)).toBeTruthy();
    expect(bank.textContent).toContain('Note to the student: All pages, please.');
    expect(bank.textContent).toContain('Asked by Grace Liu');
    expect(bank.textContent).toContain('No file yet.');
    expect(within(bank).getByRole('button', { name: 'Remove the request for Bank statement' }));

    const sponsor = await requestItem('Sponsor letter');
    expect(within(sponsor).getByText('Under review')).toBeTruthy();
    // A file came in: past its day, the request is not overdue.
    expect(within(sponsor).getByText(/^Due [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeTruthy();
    expect(sponsor.textContent).toContain("From the school's checklist");
    const files = within(within(sponsor).getByRole('list', { name: 'Files' })).getAllByRole(
      'listitem',
    );
    expect(files.map((file) => file.textContent)).toEqual([
      expect.stringMatching(/^sponsor-v2\.pdfPDF, 195 KB, uploaded .*Waiting for review/),
      expect.stringMatching(/\(an earlier file\)Sent back by Dana Whitfield: Unreadable/),
    ]);
    // A request with files stays; only the newest file, waiting, can be reviewed.
    expect(within(sponsor).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(sponsor).getByRole('button', { name: 'Accept sponsor-v2.pdf' })).toBeTruthy();

    const transcripts = await requestItem('Transcripts');
    expect(within(transcripts).getByText(/^Due .*, in 3 days$/)).toBeTruthy();

    const cv = await requestItem('CV');
    expect(within(cv).getByText('Accepted', { selector: '[data-slot=status-badge]' })).toBeTruthy();
    expect(within(cv).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('adds a request from the catalogue with a note and due date, or with a title of its own', async () => {
    let requests: TStaffDocumentRequest[] = [];
    const { user, sent } = openChecklist(() => requests, {
      signedIn: rahul,
      api: {
        [`POST ${REQUESTS}`]: () => {
          requests = [documentRequest({ note: 'The last 3 months.', dueDate: '2026-12-01' })];
          return json({ id: 51 }, 201);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add request' }));
    const form = screen.getByRole('form', { name: 'Add a request' });
    await user.click(within(form).getByRole('button', { name: 'Add the request' }));
    expect(within(form).getByText('Choose the document to request.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await user.selectOptions(within(form).getByLabelText('Document'), 'Other…');
    await user.type(within(form).getByLabelText('Title'), 'Medical certificate');
    await user.selectOptions(within(form).getByLabelText('Document'), 'Bank statement');
    expect(within(form).queryByLabelText('Title')).toBeNull();
    await user.type(
      within(form).getByLabelText('Note to the student (optional)'),
      'The last 3 months.',
    );
    await user.type(within(form).getByLabelText('Due date (optional)'), '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Add the request' }));

    expect(await screen.findByText('Requested Bank statement.')).toBeTruthy();
    expect(JSON.parse(sent.find((r) => r.method === 'POST')?.body ?? '')).toEqual({
      title: 'Bank statement',
      note: 'The last 3 months.',
      dueDate: '2026-12-01',
    });
    expect(await requestItem('Bank statement')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a request' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add request' }));

    await user.click(screen.getByRole('button', { name: 'Add request' }));
    const again = screen.getByRole('form', { name: 'Add a request' });
    await user.selectOptions(within(again).getByLabelText('Document'), 'Other…');
    await user.type(within(again).getByLabelText('Title'), '  Medical certificate ');
    await user.click(within(again).getByRole('button', { name: 'Add the request' }));
    await waitFor(() => {
      expect(sent.filter((r) => r.method === 'POST')).toHaveLength(2);
    });
    expect(JSON.parse(sent.filter((r) => r.method === 'POST')[1]?.body ?? '')).toEqual({
      title: 'Medical certificate',
      note: null,
      dueDate: null,
    });
  });

  it('accepts the waiting file, and shows the request as the server answers it', async () => {
    const waiting = documentRequest({ state: 'under_review', documents: [requestFile()] });
    const accepted = documentRequest({
      state: 'accepted',
      documents: [requestFile({ review: 'accepted', reviewedBy: 'Dana Whitfield' })],
    });
    const { user, sent } = openChecklist(() => [waiting], {
      signedIn: dana,
      api: {
        'POST /api/staff/documents/31/review': json(accepted),
        'GET /api/staff/reviews': json({ items: [], total: 0 }),
      },
    });
    const item = await requestItem('Bank statement');
    await user.click(within(item).getByRole('button', { name: 'Accept bank-statement.pdf' }));

    expect(await within(item).findByText('Accepted bank-statement.pdf.')).toBeTruthy();
    expect(within(item).getByText('Accepted by Dana Whitfield')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(JSON.parse(sent.find((r) => r.method === 'POST')?.body ?? '')).toEqual({
      decision: 'accept',
      reason: null,
    });
  });

  it('rejects the waiting file only with a reason, picked or written', async () => {
    const waiting = documentRequest({ state: 'under_review', documents: [requestFile()] });
    const { user, sent } = openChecklist(() => [waiting], {
      api: {
        'POST /api/staff/documents/31/review': () =>
          json(
            documentRequest({
              state: 'rejected',
              reason: 'Only page 1 came through.',
              documents: [requestFile({ review: 'rejected', reason: 'Only page 1 came through.' })],
            }),
          ),
        'GET /api/staff/reviews': json({ items: [], total: 0 }),
      },
    });
    const item = await requestItem('Bank statement');
    await user.click(within(item).getByRole('button', { name: 'Reject bank-statement.pdf' }));
    const form = within(item).getByRole('form', { name: 'Send back bank-statement.pdf' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Unreadable'));
    await user.click(within(form).getByRole('button', { name: 'Send back' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Give the reason the student will see.',
    );

    await user.click(within(form).getByLabelText('Other reason…'));
    await user.click(within(form).getByRole('button', { name: 'Send back' }));
    expect(within(form).getByRole('alert')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(form).getByLabelText('Your reason'), 'Only page 1 came through.{Enter}');
    expect(
      await within(item).findByText('Sent back bank-statement.pdf: Only page 1 came through.'),
    ).toBeTruthy();
    expect(JSON.parse(sent.find((r) => r.method === 'POST')?.body ?? '')).toEqual({
      decision: 'reject',
      reason: 'Only page 1 came through.',
    });
    expect(within(item).getByText('Needs re-upload')).toBeTruthy();
  });

  it('shows why a review was refused (someone else reviewed first) and reads the checklist again', async () => {
    const message =
      'This file has already been reviewed, or a newer file replaced it. Reload to see its state.';
    let reads = 0;
    const { user } = openChecklist(
      () =>
        reads++ === 0
          ? [documentRequest({ state: 'under_review', documents: [requestFile()] })]
          : [
              documentRequest({
                state: 'accepted',
                documents: [requestFile({ review: 'accepted', reviewedBy: 'Rahul Mehta' })],
              }),
            ],
      {
        api: {
          'POST /api/staff/documents/31/review': json({ message }, 409),
          'GET /api/staff/reviews': json({ items: [], total: 0 }),
        },
      },
    );
    const item = await requestItem('Bank statement');
    await user.click(within(item).getByRole('button', { name: 'Reject bank-statement.pdf' }));
    await user.click(within(item).getByLabelText('Expired'));
    await user.keyboard('{Enter}');

    expect((await within(item).findByRole('alert')).textContent).toContain(message);
    expect(await within(item).findByText('Accepted by Rahul Mehta')).toBeTruthy();
    expect(within(item).queryByRole('form')).toBeNull();
  });

  it('views a PDF in a frame and an image as an image, in a dialog that Escape closes', async () => {
    const urls = stubObjectUrls('file');
    const { user, requests } = openChecklist(
      () => [
        documentRequest({
          state: 'under_review',
          documents: [
            requestFile(),
            requestFile({
              id: 30,
              fileName: 'passport.png',
              fileType: 'image/png',
              review: 'rejected',
              reason: 'Expired',
            }),
          ],
        }),
      ],
      {
        api: {
          [`GET ${RECORD}/documents/31/file`]: () =>
            new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
        },
      },
    );
    const item = await requestItem('Bank statement');
    const viewPdf = within(item).getByRole('button', { name: 'View bank-statement.pdf' });
    await user.click(viewPdf);
    const dialog = screen.getByRole('dialog', { name: 'bank-statement.pdf' });
    const frame = await within(dialog).findByTitle('bank-statement.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('blob:http://localhost/file-1');
    expect(urls.blobs[0]?.type).toBe('application/pdf');
    expect(requests()).toContain(`GET ${RECORD}/documents/31/file`);
    expect(
      within(dialog)
        .getByRole('link', { name: /Open in a new tab/ })
        .getAttribute('href'),
    ).toBe(`${RECORD}/documents/31/file`);
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Close the viewer' }),
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(urls.live()).toEqual([]);
    expect(document.activeElement).toBe(viewPdf);

    await user.click(within(item).getByRole('button', { name: 'View passport.png' }));
    const image = within(screen.getByRole('dialog', { name: 'passport.png' })).getByRole('img');
    expect(image.getAttribute('src')).toBe(`${RECORD}/documents/30/file`);
    await user.click(screen.getByRole('button', { name: 'Close the viewer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes a request nothing was uploaded to after asking, and says why when the student uploaded meanwhile', async () => {
    let requests = [documentRequest(), documentRequest({ id: 52, title: 'CV' })];
    const { user, sent } = openChecklist(() => requests, {
      api: {
        'DELETE /api/staff/document-requests/51': () => {
          requests = requests.filter((r) => r.id !== 51);
          return new Response(null, { status: 204 });
        },
        'DELETE /api/staff/document-requests/52': () => {
          requests = requests.map((r) => ({ ...r, documents: [requestFile({ id: 40 })] }));
          return json(
            {
              message: 'The student has uploaded files for this request, so it cannot be removed.',
            },
            409,
          );
        },
      },
    });
    const bank = await requestItem('Bank statement');
    await user.click(
      within(bank).getByRole('button', { name: 'Remove the request for Bank statement' }),
    );
    const ask = screen.getByRole('alertdialog', {
      name: 'Remove the request for “Bank statement”?',
    });
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed the request for Bank statement.')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Bank statement' })).toBeNull();
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(1);

    await user.click(
      within(await requestItem('CV')).getByRole('button', { name: 'Remove the request for CV' }),
    );
    const refused = screen.getByRole('alertdialog', { name: 'Remove the request for “CV”?' });
    await user.click(within(refused).getByRole('button', { name: 'Remove' }));
    expect(
      await within(refused).findByText(
        'The student has uploaded files for this request, so it cannot be removed.',
      ),
    ).toBeTruthy();
    await user.click(within(refused).getByRole('button', { name: 'Cancel' }));
    const cv = await requestItem('CV');
    expect(within(cv).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});

describe('the suggestion to move an application on', () => {
  const waitingForDocuments = () => {
    const record = studentRecord();
    return {
      ...record,
      applications: record.applications.map((a) => ({ ...a, status: 'documents_required' })),
    };
  };
  const allAccepted = () => [
    documentRequest({ state: 'accepted', documents: [requestFile({ review: 'accepted' })] }),
  ];

  it('asks once every request is accepted, and moves the application only when confirmed, on the version shown', async () => {
    const { user, sent } = openChecklist(allAccepted, {
      signedIn: dana,
      record: waitingForDocuments(),
      api: { [`PUT ${RECORD}/admission`]: json({ version: 8 }) },
    });
    const suggestion = await screen.findByRole('region', { name: 'Suggestion' });
    expect(suggestion.textContent).toContain(
      'All requested documents are accepted. Move this application to Under review?',
    );
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);

    await user.selectOptions(within(suggestion).getByLabelText('Move to'), 'Accepted');
    await user.click(within(suggestion).getByRole('button', { name: 'Move the application' }));
    expect(await screen.findByText('Moved the application to Accepted.')).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.headers.get('if-match')).toBe('"7"');
    expect(JSON.parse(put?.body ?? '')).toEqual({ applications: [{ id: 11, status: 'accepted' }] });
  });

  it('does not ask while a request is not accepted, and lets an agent only read it', async () => {
    openChecklist(
      () => [...allAccepted(), documentRequest({ id: 52, title: 'CV', state: 'under_review' })],
      { signedIn: dana, record: waitingForDocuments() },
    );
    expect(await requestItem('CV')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Suggestion' })).toBeNull();
  });

  it('tells an agent who may move it, without the button', async () => {
    openChecklist(allAccepted, { signedIn: rahul, record: waitingForDocuments() });
    const suggestion = await screen.findByRole('region', { name: 'Suggestion' });
    expect(suggestion.textContent).toContain(
      'An administrator or the school can now move this application to Under review.',
    );
    expect(within(suggestion).queryByRole('button')).toBeNull();
  });
});
