import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_REQUEST_MESSAGES } from '../../../../shared/document-requests.js';
import { seriousViolations } from '../../../test/axe.js';
import { dayFromToday, documentRequest, requestedDocument } from '../../../test/data-generators.js';
import { json } from '../../../test/fake-fetch.js';
import {
  APPLICATION_ID,
  LIST_URL,
  REQUESTS_URL,
  renderDocuments,
} from '../test/documents-fixtures.js';

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

const section = () => screen.findByRole('region', { name: 'Required documents' });
const row = (title: string) => screen.getByRole('article', { name: title });
const filesOf = (title: string) =>
  within(row(title))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

function pdf(name = 'bank-statement.pdf', size?: number) {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Asked for, nothing uploaded: due in 3 days, with a note. */
const bankStatement = documentRequest({ dueDate: dayFromToday(3) });

/** Sent back twice, overdue: the newest file first, each with its reason. */
const transcripts = documentRequest({
  id: 502,
  title: 'Transcripts',
  note: null,
  dueDate: dayFromToday(-2),
  state: 'rejected',
  reason: 'Unreadable',
  documents: [
    requestedDocument({
      id: 611,
      documentRequestId: 502,
      fileName: 'transcript-scan-2.jpg',
      fileType: 'image/jpeg',
      uploadedAt: hoursAgo(5),
      review: 'rejected',
      reason: 'Unreadable',
      reviewedAt: hoursAgo(4),
    }),
    requestedDocument({
      id: 612,
      documentRequestId: 502,
      fileName: 'transcript-scan-1.jpg',
      fileType: 'image/jpeg',
      uploadedAt: hoursAgo(50),
      review: 'rejected',
      reason: 'Pages missing',
      reviewedAt: hoursAgo(48),
    }),
  ],
});

/** Uploaded, waiting for staff, due today. */
const passportPage = documentRequest({
  id: 503,
  title: 'Passport photo page',
  note: null,
  dueDate: dayFromToday(0),
  state: 'under_review',
  documents: [requestedDocument({ id: 621, documentRequestId: 503, fileName: 'passport.pdf' })],
});

/** Accepted: its past due date no longer matters. */
const sponsorLetter = documentRequest({
  id: 504,
  title: 'Sponsor letter',
  note: null,
  dueDate: dayFromToday(-10),
  state: 'accepted',
  documents: [
    requestedDocument({
      id: 631,
      documentRequestId: 504,
      fileName: 'sponsor-letter.pdf',
      review: 'accepted',
      reviewedAt: hoursAgo(1),
    }),
  ],
});

const CHECKLIST = [bankStatement, transcripts, passportPage, sponsorLetter];

describe('the required documents of an application', () => {
  it('shows one row per request: its state, due date, note, reason, files and upload', async () => {
    renderDocuments({ requests: CHECKLIST });
    const region = await section();

    expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe(
      'Required documents',
    );
    expect(
      within(region)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Bank statement', 'Transcripts', 'Passport photo page', 'Sponsor letter']);
    expect(region.textContent).toContain('1 of 4 documents accepted.');

    const bank = row('Bank statement');
    expect(within(bank).getByText('Requested')).toBeTruthy();
    expect(within(bank).getByText('Due in 3 days').tagName).toBe('TIME');
    expect(bank.textContent).toContain('Note: The last three months, every page.');
    expect(within(bank).queryByRole('list')).toBeNull();
    expect(within(bank).getByRole('button', { name: 'Upload Bank statement' })).toBeTruthy();

    const sentBack = row('Transcripts');
    expect(within(sentBack).getByText('Needs re-upload')).toBeTruthy();
    // Overdue says so in words, not only in red.
    const overdue = within(sentBack).getByText('Overdue');
    expect(overdue.parentElement?.className).toContain('text-red-700');
    expect(within(sentBack).getByRole('note').textContent).toBe('Reason: Unreadable');
    expect(filesOf('Transcripts')).toEqual([
      expect.stringContaining('transcript-scan-2.jpgJPG'),
      expect.stringContaining('transcript-scan-1.jpgJPG'),
    ]);
    expect(filesOf('Transcripts')[0]).toContain('Not accepted: Unreadable');
    expect(filesOf('Transcripts')[1]).toContain('Not accepted: Pages missing');
    expect(within(sentBack).getByRole('button', { name: 'Upload again Transcripts' })).toBeTruthy();

    const waiting = row('Passport photo page');
    expect(within(waiting).getByText('Under review')).toBeTruthy();
    expect(within(waiting).getByText('Due today')).toBeTruthy();
    expect(within(waiting).getByText('Waiting for review')).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: /^Upload/ })).toBeNull();
    expect(within(waiting).getByRole('button', { name: 'View passport.pdf' })).toBeTruthy();
    expect(within(waiting).getByRole('button', { name: 'Delete passport.pdf' })).toBeTruthy();

    const accepted = row('Sponsor letter');
    expect(within(accepted).getAllByText('Accepted')).toHaveLength(2);
    expect(accepted.textContent).not.toMatch(/Due|Overdue/);
    expect(within(accepted).queryByRole('button', { name: /^Upload/ })).toBeNull();

    expect(await seriousViolations()).toEqual([]);
  });

  it('is absent when nothing was asked for, and the documents keep their heading', async () => {
    const { sent } = renderDocuments();

    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeTruthy();
    await waitFor(() => {
      expect(sent.map((r) => r.url)).toContain(REQUESTS_URL);
    });
    expect(screen.queryByRole('region', { name: 'Required documents' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Other documents' })).toBeNull();
  });

  it('lists under "Other documents" only the files uploaded outside any request', async () => {
    renderDocuments({ requests: CHECKLIST });
    await section();

    const others = screen.getByRole('region', { name: 'Other documents' });
    const list = await within(others).findByRole('list', { name: 'Uploaded documents' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['transcript.pdf', 'passport-scan.png']);
    expect(
      within(row('Passport photo page')).getByRole('button', { name: 'View passport.pdf' }),
    ).toBeTruthy();
  });

  it('says "No other documents" when every file is in a request', async () => {
    renderDocuments({ documents: [], requests: CHECKLIST });

    const others = await screen.findByRole('region', { name: 'Other documents' });
    expect(await within(others).findByText('No other documents')).toBeTruthy();
  });

  it('says when the requests could not be loaded, and Try Again loads them', async () => {
    let failures = 1;
    const { user } = renderDocuments({
      api: {
        [`GET ${REQUESTS_URL}`]: () =>
          failures-- > 0 ? json({ message: 'Internal Server Error' }, 500) : json(CHECKLIST),
      },
    });

    const region = await section();
    const alert = within(region).getByRole('alert');
    expect(alert.textContent).toContain('Your required documents could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await within(region).findByRole('article', { name: 'Bank statement' })).toBeTruthy();
  });
});

describe('uploading into a request', () => {
  it('sends the request id, shows the bytes sent, then the request waits for review', async () => {
    const { uploads, storeInRequest, sent, user } = renderDocuments({ requests: CHECKLIST });
    await section();
    const reads = (url: string) => sent.filter((r) => r.url === url).length;
    expect([reads(REQUESTS_URL), reads(LIST_URL)]).toEqual([1, 1]);
    const file = pdf();
    // Where the keyboard is when the student picks the file: on the row's upload button.
    within(row('Bank statement')).getByRole('button', { name: 'Upload Bank statement' }).focus();

    await user.upload(screen.getByLabelText('Choose a file for Bank statement'), file);

    const xhr = uploads.current();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/documents']);
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['applicationId', 'documentRequestId', 'file']);
    expect(xhr.body?.get('applicationId')).toBe(String(APPLICATION_ID));
    expect(xhr.body?.get('documentRequestId')).toBe(String(bankStatement.id));
    expect(xhr.body?.get('file')).toBe(file);

    const bar = within(row('Bank statement')).getByRole('progressbar', {
      name: 'Uploading bank-statement.pdf',
    });
    xhr.progress(600, 1000);
    expect(bar.getAttribute('aria-valuenow')).toBe('60');
    expect(screen.getByText('Uploading bank-statement.pdf: 50% sent.')).toBeTruthy();

    const uploaded = requestedDocument({ id: 641, uploadedAt: new Date().toISOString() });
    storeInRequest(uploaded);
    xhr.respond(201, uploaded);

    expect(
      await screen.findByText('bank-statement.pdf uploaded.', { selector: '[role=status]' }),
    ).toBeTruthy();
    expect([reads(REQUESTS_URL), reads(LIST_URL)]).toEqual([2, 2]);
    const bank = row('Bank statement');
    expect(within(bank).getByText('Under review')).toBeTruthy();
    expect(within(bank).getByText('Waiting for review')).toBeTruthy();
    expect(within(bank).queryByRole('button', { name: /^Upload/ })).toBeNull();
    // The button went with the upload: the keyboard is on what the row says instead.
    expect(document.activeElement?.textContent).toBe('Waiting for review');
    expect(within(bank).getByRole('button', { name: 'View bank-statement.pdf' })).toBeTruthy();
    expect(within(bank).queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('region', { name: 'Required documents' }).textContent).toContain(
      '1 of 4 documents accepted.',
    );
  });

  it('checks the size and type before sending, with the spec messages', async () => {
    const { uploads, user } = renderDocuments({ requests: CHECKLIST });
    await section();

    await user.upload(
      screen.getByLabelText('Choose a file for Transcripts'),
      pdf('scan.pdf', 10 * MB + 1),
    );

    expect(within(row('Transcripts')).getByRole('alert').textContent).toBe(
      'File size must be less than 10MB',
    );
    expect(uploads.sent).toHaveLength(0);
  });

  it("shows the server's message when it refuses the file", async () => {
    const { uploads, user } = renderDocuments({ requests: CHECKLIST });
    await section();

    await user.upload(screen.getByLabelText('Choose a file for Bank statement'), pdf());
    uploads.current().respond(409, { message: DOCUMENT_REQUEST_MESSAGES.uploadUnderReview });

    expect((await within(row('Bank statement')).findByRole('alert')).textContent).toBe(
      DOCUMENT_REQUEST_MESSAGES.uploadUnderReview,
    );
  });
});

describe("deleting a request's file", () => {
  it('of the file waiting for review: the request is open again, and the keyboard lands on it', async () => {
    const { sent, user } = renderDocuments({ requests: CHECKLIST });
    await section();

    await user.click(
      within(row('Passport photo page')).getByRole('button', { name: 'Delete passport.pdf' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Document' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete this document? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(sent.some((r) => r.method === 'DELETE' && r.url === '/api/documents/621')).toBe(true);
    const passport = row('Passport photo page');
    expect(within(passport).getByText('Requested')).toBeTruthy();
    expect(within(passport).queryByRole('list')).toBeNull();
    expect(
      within(passport).getByRole('button', { name: 'Upload Passport photo page' }),
    ).toBeTruthy();
    expect(screen.getByText('passport.pdf deleted.')).toBeTruthy();
    expect(document.activeElement).toBe(
      within(passport).getByRole('heading', { name: 'Passport photo page' }),
    );
  });

  it("of an accepted file: refused, with the server's message", async () => {
    const { user } = renderDocuments({
      requests: CHECKLIST,
      api: {
        'DELETE /api/documents/631': json(
          { message: DOCUMENT_REQUEST_MESSAGES.deleteAccepted },
          409,
        ),
      },
    });
    await section();

    await user.click(
      within(row('Sponsor letter')).getByRole('button', { name: 'Delete sponsor-letter.pdf' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Document' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      DOCUMENT_REQUEST_MESSAGES.deleteAccepted,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      within(row('Sponsor letter')).getByRole('button', { name: 'View sponsor-letter.pdf' }),
    ).toBeTruthy();
  });
});

// The free documents' own list stays as the spec has it; one of them, to show it is untouched.
describe('the other documents beside the requests', () => {
  it('still upload without a request id', async () => {
    const { uploads, user } = renderDocuments({ requests: CHECKLIST });
    await section();

    await user.upload(screen.getByLabelText('Choose a document to upload'), pdf());

    expect([...(uploads.current().body?.keys() ?? [])]).toEqual(['applicationId', 'file']);
  });
});
