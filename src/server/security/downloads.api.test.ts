import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../shared/api-paths.js';
import { eq } from 'drizzle-orm';
import {
  DOCUMENT_MESSAGES,
  ZDocumentListResponseSchema,
  ZDocumentSchema,
} from '../../shared/documents.js';
import { documents } from '../db/schema.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { signIn } from '../test/sign-in.js';

/**
 * What the document store takes, and how it serves it back. The module's tests refuse HTML and
 * scripts under document names; here SVG and Windows executables under any name, and a name
 * built to disguise itself. A stored document comes back as a file, never as a page of the portal (docs/security-tests.md; "downloads
 * served as attachments with nosniff and a sandboxing CSP"; OWASP ASVS 5.0 V5.4, file download,
 * and V3.2, unintended content interpretation, by section). The upload checks in
 * documents.api.test.ts decide what is stored; this is how it is served.
 */
const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer <<>>\n%%EOF\n',
);

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
/** A PDF by its first bytes that is also a page with a script, if a browser opens it as HTML. */
const POLYGLOT = Buffer.from(
  '%PDF-1.4\n<html><body><script>document.title = "ran"</script></body></html>\n%%EOF\n',
);
/** The start of a Windows executable: "MZ", then the DOS stub. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120)]);

describe.each(testDatabaseKinds())('document files on $name', (kind) => {
  let t: TestApp;
  let token = '';
  let documentId = 0;

  const upload = async (name: string, bytes: Buffer, type = 'application/pdf') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: API_PATHS.documents,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': request.headers.get('content-type') ?? '',
      },
    });
  };

  const download = (id: number) =>
    t.app.inject({
      method: 'GET',
      url: `${apiPath(API_PATHS.documentFile, { id })}?download=1`,
      headers: { authorization: `Bearer ${token}` },
    });
  const listed = async (id: number) =>
    ZDocumentListResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: API_PATHS.documents,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    ).find((document) => document.id === id);

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ token } = await signIn(t.app));
    // Folders, a right-to-left override disguising the extension, and control characters (FormData
    // itself escapes CR and LF in a file name).
    const res = await upload('..\\..\\etc/bank\u202elmth.pdf\u0007\u0000', PDF);
    expect(res.statusCode).toBe(201);
    const document = ZDocumentSchema.parse(res.json());
    expect(document.fileName).toBe('banklmth.pdf');
    documentId = document.id;
  });
  afterAll(() => t.close());

  it.each([
    ['an SVG with a script, named .pdf', 'scan.pdf', SVG, 'application/pdf'],
    ['an SVG, declared as one', 'scan.svg', SVG, 'image/svg+xml'],
    ['a Windows executable named .pdf', 'offer.pdf', EXE, 'application/pdf'],
    ['a Windows executable named .png', 'photo.png', EXE, 'image/png'],
  ])('refuses %s with 415, storing nothing', async (_name, fileName, bytes, type) => {
    const list = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: API_PATHS.documents,
          headers: { authorization: `Bearer ${token}` },
        })
      ).body;
    const before = await list();
    const res = await upload(fileName, bytes, type);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: DOCUMENT_MESSAGES.wrongType });
    expect(await list()).toBe(before);
  });

  // docs/security-tests.md, issue 19 finding 8: stored and downloaded as "Bank statement.html", the saved file opened as
  // a page and ran its script.
  it.each([
    ['a PDF/HTML polyglot named .html', 'Bank statement.html'],
    ['an extension hidden behind zero-width spaces', 'Bank statement.pdf\u200b\u200b\u200b.html'],
    ['an extension pushed out of sight by padding', `Bank statement.pdf${' '.repeat(80)}.html`],
  ])('stores and serves %s under the extension of its detected type', async (_name, fileName) => {
    const res = await upload(fileName, POLYGLOT, 'text/html');
    expect(res.statusCode).toBe(201);
    const stored = ZDocumentSchema.parse(res.json());
    expect(stored.fileName).toMatch(/^Bank statement(\.pdf)?\.pdf$/);
    expect((await listed(stored.id))?.fileName).toBe(stored.fileName);
    const file = await download(stored.id);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="${stored.fileName}"; filename*=UTF-8''${encodeURIComponent(stored.fileName)}`,
    );
  });

  it('lists and serves a name stored before, under the extension of its type', async () => {
    const stored = ZDocumentSchema.parse((await upload('statement.pdf', POLYGLOT)).json());
    await t.app.db
      .update(documents)
      .set({ fileName: 'Bank statement.html' })
      .where(eq(documents.id, stored.id));
    expect((await listed(stored.id))?.fileName).toBe('Bank statement.pdf');
    expect((await download(stored.id)).headers['content-disposition']).toMatch(
      /^attachment; filename="Bank statement\.pdf"; /,
    );
  });

  it.each([
    ['a download', '?download=1', /^attachment; /],
    ['a preview', '', /^inline; /],
  ])('serves %s sandboxed, unsniffable and uncached', async (_name, query, disposition) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPath(API_PATHS.documentFile, { id: documentId })}${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(disposition);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
