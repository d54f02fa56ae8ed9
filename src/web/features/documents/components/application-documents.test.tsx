import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TDocument } from '../../../../shared/documents.js';
import { json } from '../../../test/fake-fetch.js';
import {
  APPLICATION_ID,
  LIST_URL,
  renderDocuments,
  stubPreviewUrls,
  transcript,
} from '../test/documents-fixtures.js';
import type { FakeXhr } from '../test/fake-xhr.js';

const MB = 1024 * 1024;

const region = () => screen.getByRole('region', { name: 'Documents' });
const documentList = () => screen.findByRole('list', { name: 'Uploaded documents' });
const fileInput = () => screen.getByLabelText<HTMLInputElement>('Choose a document to upload');
const listedNames = () =>
  within(screen.getByRole('list', { name: 'Uploaded documents' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

function pdf(name = 'bank-statement.pdf', size?: number) {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

const uploaded: TDocument = {
  id: 303,
  applicationId: APPLICATION_ID,
  documentRequestId: null,
  fileName: 'bank-statement.pdf',
  fileType: 'application/pdf',
  fileSize: 8,
  uploadedAt: new Date().toISOString(),
};

describe('the documents of an application', () => {
  it('lists them newest first, with type, size and when, and View and Delete for each', async () => {
    renderDocuments();
    const list = await documentList();

    expect(listedNames()).toEqual(['transcript.pdf', 'passport-scan.png']);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('PDF · 245.3 KB · 3 hours ago');
    expect(second?.textContent).toContain('PNG · 2.4 MB · 3 days ago');
    expect(within(list).getByRole('button', { name: 'View transcript.pdf' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Delete passport-scan.png' })).toBeTruthy();
  });

  it('says so when there are none', async () => {
    renderDocuments({ documents: [] });

    expect(await screen.findByText('No documents yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Uploaded documents' })).toBeNull();
  });

  it('says when they could not be loaded, and Try Again loads them', async () => {
    let failures = 1;
    const { user } = renderDocuments({
      api: {
        [`GET ${LIST_URL}`]: () =>
          failures-- > 0 ? json({ message: 'Internal Server Error' }, 500) : json([transcript]),
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your documents could not be loaded.');

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    await documentList();
    expect(listedNames()).toEqual(['transcript.pdf']);
  });
});

describe('uploading a document', () => {
  /** What a screen reader says of the upload button besides its name. */
  const uploadButtonDescription = () => {
    const button = screen.getByRole('button', { name: 'Upload Document' });
    const ids = button.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
  };

  it('in demo mode, says beside the allowed types that uploads are deleted after a day', async () => {
    renderDocuments({ demoMode: true });
    await documentList();

    expect(
      await screen.findByText('This is a demo: files you upload are deleted after a day.'),
    ).toBeTruthy();
    expect(screen.getByText('PDF, JPG or PNG, up to 10 MB.')).toBeTruthy();
    expect(uploadButtonDescription()).toBe(
      'PDF, JPG or PNG, up to 10 MB. This is a demo: files you upload are deleted after a day.',
    );
  });

  it('outside demo mode, says nothing of deleting uploads', async () => {
    const { sent } = renderDocuments();
    await documentList();
    await waitFor(() => {
      expect(sent.map((r) => r.url)).toContain('/api/config');
    });

    expect(screen.queryByText(/deleted after a day/)).toBeNull();
    expect(uploadButtonDescription()).toBe('PDF, JPG or PNG, up to 10 MB.');
  });

  it('refuses a file over 10 MB before sending anything', async () => {
    const { uploads, user } = renderDocuments();
    await documentList();

    await user.upload(fileInput(), pdf('scan.pdf', 10 * MB + 1));

    expect(screen.getByRole('alert').textContent).toBe('File size must be less than 10MB');
    expect(uploads.sent).toHaveLength(0);
  });

  it('refuses a file that is not a PDF, JPG or PNG before sending anything', async () => {
    const { uploads, user } = renderDocuments();
    await documentList();

    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(fileInput(), notes);

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Only PDF, JPG, and PNG files are allowed');
    expect(uploads.sent).toHaveLength(0);

    // The same mistake again is a new alert, so a screen reader says it again.
    await user.upload(fileInput(), notes);
    expect(screen.getByRole('alert')).not.toBe(alert);
    expect(screen.getByRole('alert').textContent).toBe('Only PDF, JPG, and PNG files are allowed');
  });

  it('sends the application id then the file, shows the bytes sent, and refreshes the list', async () => {
    const { uploads, store, sent, user } = renderDocuments();
    await documentList();
    const listReads = () => sent.filter((r) => r.url === LIST_URL).length;
    expect(listReads()).toBe(1);
    const file = pdf();

    await user.upload(fileInput(), file);

    const xhr = uploads.current();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/documents']);
    expect(xhr.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(xhr.withCredentials).toBe(true);
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['applicationId', 'file']);
    expect(xhr.body?.get('applicationId')).toBe(String(APPLICATION_ID));
    expect(xhr.body?.get('file')).toBe(file);

    const bar = screen.getByRole('progressbar', { name: 'Uploading bank-statement.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    xhr.progress(400, 1000);
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(within(region()).getByText('40%')).toBeTruthy();
    expect(screen.getByText('Uploading bank-statement.pdf: 25% sent.')).toBeTruthy();
    xhr.progress(1000, 1000);
    expect(screen.getByText('Finishing the upload of bank-statement.pdf…')).toBeTruthy();

    store(uploaded);
    xhr.respond(201, uploaded);

    expect(
      await screen.findByText('bank-statement.pdf uploaded.', { selector: '[role=status]' }),
    ).toBeTruthy();
    expect(listReads()).toBe(2);
    expect(listedNames()).toEqual(['bank-statement.pdf', 'transcript.pdf', 'passport-scan.png']);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows the server's message when it refuses the file", async () => {
    const { uploads, user } = renderDocuments();
    await documentList();

    // Named .pdf, but the server reads the content.
    await user.upload(fileInput(), pdf('page.pdf'));
    uploads.current().respond(415, { message: 'Only PDF, JPG, and PNG files are allowed' });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only PDF, JPG, and PNG files are allowed',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it.each<[string, (xhr: FakeXhr) => void]>([
    [
      'the server fails',
      (xhr) => {
        xhr.respond(500, { message: 'Internal Server Error' });
      },
    ],
    [
      'the connection drops',
      (xhr) => {
        xhr.fail();
      },
    ],
  ])("says 'Upload failed. Please try again.' when %s", async (_when, happen) => {
    const { uploads, user } = renderDocuments();
    await documentList();

    await user.upload(fileInput(), pdf());
    happen(uploads.current());

    expect((await screen.findByRole('alert')).textContent).toBe('Upload failed. Please try again.');
  });
});

describe('deleting a document', () => {
  it('asks first, with the focus on Cancel; Cancel keeps it and sends nothing', async () => {
    const { sent, user } = renderDocuments();
    const list = await documentList();
    const remove = within(list).getByRole('button', { name: 'Delete transcript.pdf' });

    await user.click(remove);

    const dialog = screen.getByRole('alertdialog', { name: 'Delete Document' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete this document? This action cannot be undone.',
    );
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toContain('transcript.pdf');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(listedNames()).toEqual(['transcript.pdf', 'passport-scan.png']);
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('Escape cancels too', async () => {
    const { sent, user } = renderDocuments();
    const list = await documentList();
    await user.click(within(list).getByRole('button', { name: 'Delete transcript.pdf' }));

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('deletes on confirmation, takes it off the list and says so', async () => {
    const { sent, user } = renderDocuments();
    const list = await documentList();
    await user.click(within(list).getByRole('button', { name: 'Delete transcript.pdf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Document' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    const request = sent.find((r) => r.method === 'DELETE');
    expect(request?.url).toBe('/api/documents/301');
    expect(request?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(listedNames()).toEqual(['passport-scan.png']);
    expect(screen.getByText('transcript.pdf deleted.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Documents' }));
  });

  it("keeps the dialog open with the server's message when the delete fails", async () => {
    const { user } = renderDocuments({
      api: { 'DELETE /api/documents/301': json({ message: 'Document not found.' }, 404) },
    });
    const list = await documentList();
    await user.click(within(list).getByRole('button', { name: 'Delete transcript.pdf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Document' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Document not found.');
  });
});

describe('viewing a document', () => {
  it('shows an image from a blob: URL of the real file, and lets the URL go on close', async () => {
    const urls = stubPreviewUrls();
    const { sent, user } = renderDocuments();
    const list = await documentList();
    const view = within(list).getByRole('button', { name: 'View passport-scan.png' });

    await user.click(view);

    const dialog = screen.getByRole('dialog', { name: 'passport-scan.png' });
    const image = await within(dialog).findByRole('img', { name: 'Preview of passport-scan.png' });
    expect(image.getAttribute('src')).toBe('blob:http://localhost/preview-1');
    expect(urls.blobs[0]?.type).toBe('image/png');
    expect(urls.blobs[0]?.size).toBe(8);
    const request = sent.find((r) => r.url === '/api/documents/302/file');
    expect(request?.headers.get('Authorization')).toBe('Bearer stored-token');
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('blob:http://localhost/preview-1');
    expect(download.getAttribute('download')).toBe('passport-scan.png');
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Close preview' }),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Close preview' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(urls.revoked).toEqual(['blob:http://localhost/preview-1']);
    expect(document.activeElement).toBe(view);
  });

  it('shows a PDF in a frame', async () => {
    const urls = stubPreviewUrls();
    const { user } = renderDocuments();
    const list = await documentList();

    await user.click(within(list).getByRole('button', { name: 'View transcript.pdf' }));

    const dialog = screen.getByRole('dialog', { name: 'transcript.pdf' });
    await within(dialog).findByRole('link', { name: 'Download' });
    const frame = within(dialog).getByTitle('Preview of transcript.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('blob:http://localhost/preview-1');
    expect(urls.blobs[0]?.type).toBe('application/pdf');
  });

  it('says when the file could not be loaded, and Try Again reads it again', async () => {
    stubPreviewUrls();
    let failures = 1;
    const { user } = renderDocuments({
      api: {
        'GET /api/documents/302/file': () =>
          failures-- > 0
            ? json({ message: 'Internal Server Error' }, 500)
            : new Response(new Uint8Array([0x89, 0x50]), {
                headers: { 'Content-Type': 'image/png' },
              }),
      },
    });
    const list = await documentList();
    await user.click(within(list).getByRole('button', { name: 'View passport-scan.png' }));
    const dialog = screen.getByRole('dialog', { name: 'passport-scan.png' });

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This document could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(
      await within(dialog).findByRole('img', { name: 'Preview of passport-scan.png' }),
    ).toBeTruthy();
  });
});
