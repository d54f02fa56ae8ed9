import userEvent from '@testing-library/user-event';
import {
  stateAfterNewestReview,
  type TDocumentRequest,
  type TRequestedDocument,
} from '../../../../shared/document-requests.js';
import type { TDocument } from '../../../../shared/documents.js';
import { signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderWithPageContext } from '../../../test/render-app.js';
import { ApplicationDocuments } from '../components/application-documents.js';
import { RequiredDocuments } from '../components/required-documents.js';
import { stubObjectUrls } from '../../../test/object-urls.js';
import { installFakeXhr } from './fake-xhr.js';

/**
 * The documents of one application, those staff asked for above the others as its page has them,
 * with the server faked at its boundaries: fetch for the lists, the files and deletes,
 * XMLHttpRequest for uploads. The fake keeps what is uploaded and deleted, so a list fetched again
 * shows the change as the real server would.
 */
export const APPLICATION_ID = 11;
export const LIST_URL = `/api/documents?applicationId=${APPLICATION_ID}`;
/** The documents staff asked for on the application: none, unless a test says otherwise. */
export const REQUESTS_URL = `/api/applications/${APPLICATION_ID}/document-requests`;

const HOUR_MS = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

export const transcript: TDocument = {
  id: 301,
  applicationId: APPLICATION_ID,
  documentRequestId: null,
  fileName: 'transcript.pdf',
  fileType: 'application/pdf',
  fileSize: 251_187,
  uploadedAt: hoursAgo(3),
};
export const passportScan: TDocument = {
  id: 302,
  applicationId: APPLICATION_ID,
  documentRequestId: null,
  fileName: 'passport-scan.png',
  fileType: 'image/png',
  fileSize: 2_516_582,
  uploadedAt: hoursAgo(3 * 24),
};

/** The first bytes of a PNG and of a PDF: what the preview reads. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n');

/** A request whose files are `documents` (newest first), in the state its newest file gives it. */
function withFiles(request: TDocumentRequest, documents: TRequestedDocument[]): TDocumentRequest {
  const newest = documents[0];
  return {
    ...request,
    documents,
    state: stateAfterNewestReview(newest?.review ?? null),
    reason: newest?.review === 'rejected' ? newest.reason : null,
  };
}

function fakeDocumentsApi(initial: TDocument[], initialRequests: TDocumentRequest[]) {
  // The application's documents, newest first, hold those uploaded into its requests too.
  let documents = [...initial, ...initialRequests.flatMap((request) => request.documents)].sort(
    (a, b) => b.uploadedAt.localeCompare(a.uploadedAt),
  );
  let requests = [...initialRequests];
  const api: Record<string, Answer> = {
    [`GET ${LIST_URL}`]: () => json(documents),
    [`GET ${REQUESTS_URL}`]: () => json(requests),
  };
  for (const document of documents) {
    api[`DELETE /api/documents/${document.id}`] = () => {
      documents = documents.filter((d) => d.id !== document.id);
      requests = requests.map((request) =>
        request.id === document.documentRequestId
          ? withFiles(
              request,
              request.documents.filter((d) => d.id !== document.id),
            )
          : request,
      );
      return new Response(null, { status: 204 });
    };
    api[`GET /api/documents/${document.id}/file`] = () =>
      new Response(document.fileType === 'application/pdf' ? PDF_BYTES : PNG_BYTES, {
        headers: { 'Content-Type': document.fileType },
      });
  }
  /** What the server does with an upload it accepts: the new document heads the list. */
  const store = (document: TDocument) => {
    documents = [document, ...documents];
  };
  /** An upload into a request: it heads the request's files too, and the request waits for review. */
  const storeInRequest = (document: TRequestedDocument) => {
    store(document);
    requests = requests.map((request) =>
      request.id === document.documentRequestId
        ? withFiles(request, [document, ...request.documents])
        : request,
    );
  };
  return { api, store, storeInRequest };
}

interface Options {
  documents?: TDocument[];
  /** The documents staff asked for on the application; their files are the application's too. */
  requests?: TDocumentRequest[];
  api?: Record<string, Answer>;
  /** Whether the server says it runs in demo mode (GET /api/config). */
  demoMode?: boolean;
}

export function renderDocuments({
  documents = [transcript, passportScan],
  requests = [],
  api = {},
  demoMode = false,
}: Options = {}) {
  sessionStorage.setItem('jwt_token', 'stored-token');
  const server = fakeDocumentsApi(documents, requests);
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode }),
    'GET /api/user/profile': json(signedInStudent()),
    ...server.api,
    ...api,
  });
  const uploads = installFakeXhr();
  renderWithPageContext(
    <>
      <RequiredDocuments applicationId={APPLICATION_ID} />
      <ApplicationDocuments applicationId={APPLICATION_ID} />
    </>,
  );
  // The picker of a real browser lets a student pick any file ("All files"): no accept filter.
  const user = userEvent.setup({ applyAccept: false });
  return { ...fake, uploads, store: server.store, storeInRequest: server.storeInRequest, user };
}

/** The blob: URLs of a document's previews, faked. */
export const stubPreviewUrls = () => stubObjectUrls('preview');
