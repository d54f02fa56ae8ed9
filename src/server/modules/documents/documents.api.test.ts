import { readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { APPLICATION_NOT_FOUND } from '../../../shared/applications.js';
import {
  DOCUMENT_MESSAGES,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_STUDENT,
  ZDocumentListResponseSchema,
  ZDocumentSchema,
} from '../../../shared/documents.js';
import { applications, documents, students } from '../../db/schema.js';
import { hitRateLimit } from '../../db/rate-limit.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { type FilePart, multipartBody } from '../../test/multipart-body.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { sendThenReadLate } from '../../test/unhurried-client.js';
import { NOT_VERIFIED, UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { UPLOADS_PER_STUDENT } from './routes.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

describe.each(testDatabaseKinds())('documents on $name', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  let priyasApplicationId: number;
  let minhAnhsApplicationId: number;

  const tokenOf = (studentId: string | undefined) =>
    t.app.sessionTokens.issue(studentId ?? '', 'student');
  const bearer = async (studentId: string | undefined) => ({
    authorization: `Bearer ${await tokenOf(studentId)}`,
  });

  const upload = async (
    studentId: string | undefined,
    file: FilePart | undefined,
    fields: Record<string, string> = {},
  ) => {
    const { payload, contentType } = await multipartBody(fields, file);
    return t.app.inject({
      method: 'POST',
      url: API_PATHS.documents,
      payload,
      headers: { ...(await bearer(studentId)), 'content-type': contentType },
    });
  };
  const list = async (studentId: string | undefined, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.documents}${query}`,
      headers: await bearer(studentId),
    });
    expect(res.statusCode).toBe(200);
    return ZDocumentListResponseSchema.parse(res.json());
  };
  const fileOf = async (studentId: string | undefined, id: number | string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `${apiPath(API_PATHS.documentFile, { id })}${query}`,
      headers: await bearer(studentId),
    });
  const remove = async (studentId: string | undefined, id: number | string) =>
    t.app.inject({
      method: 'DELETE',
      url: apiPath(API_PATHS.document, { id }),
      headers: await bearer(studentId),
    });

  const storageDir = () => {
    const storage = t.app.config.storage;
    if (storage.driver !== 'local') throw new Error('these tests look at the local disk');
    return storage.directory;
  };
  const storedFiles = (folder: 'documents' | 'tmp') => {
    try {
      return readdirSync(join(storageDir(), folder));
    } catch {
      return [];
    }
  };
  const documentRows = async () => {
    const [row] = await t.app.db.select({ n: count() }).from(documents);
    return row?.n ?? 0;
  };
  /** A refused upload leaves no row, no stored file and no temporary file behind. */
  const expectNothingStored = async (rowsBefore: number, filesBefore: number) => {
    expect(await documentRows()).toBe(rowsBefore);
    expect(storedFiles('documents')).toHaveLength(filesBefore);
    expect(storedFiles('tmp')).toEqual([]);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const row of await t.app.db
      .select({ id: students.id, firstName: students.firstName })
      .from(students)) {
      ids[row.firstName] = row.id;
    }
    const [priyas] = await t.app.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.studentId, ids.Priya ?? ''));
    if (!priyas) throw new Error('the seed gives the demo-login student applications');
    priyasApplicationId = priyas.id;
    const [minhAnhs] = await t.app.db
      .insert(applications)
      .values({
        studentId: ids['Minh Anh'] ?? '',
        university: 'Lakeshore State University',
        program: 'MBA',
        status: 'accepted',
        submittedAt: new Date(),
      })
      .returning({ id: applications.id });
    minhAnhsApplicationId = minhAnhs?.id ?? 0;
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.app.db.delete(documents);
    rmSync(join(storageDir(), 'documents'), { recursive: true, force: true });
  });

  it('stores an upload for an application, lists it, serves it back and deletes it', async () => {
    const res = await upload(
      ids.Priya,
      { name: 'bank statement.pdf', bytes: PDF, type: 'application/pdf' },
      { applicationId: String(priyasApplicationId) },
    );
    expect(res.statusCode).toBe(201);
    const document = ZDocumentSchema.parse(res.json());
    expect(document).toMatchObject({
      applicationId: priyasApplicationId,
      fileName: 'bank statement.pdf',
      fileType: 'application/pdf',
      fileSize: PDF.length,
    });
    expect(await list(ids.Priya)).toEqual([document]);
    expect(await list(ids.Priya, `?applicationId=${priyasApplicationId}`)).toEqual([document]);

    const inline = await fileOf(ids.Priya, document.id);
    expect(inline.statusCode).toBe(200);
    expect(inline.rawPayload.equals(PDF)).toBe(true);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="bank statement.pdf"/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['cache-control']).toBe('private, no-store');
    const download = await fileOf(ids.Priya, document.id, '?download=1');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);

    const deleted = await remove(ids.Priya, document.id);
    expect(deleted.statusCode).toBe(204);
    expect(await list(ids.Priya)).toEqual([]);
    expect((await fileOf(ids.Priya, document.id)).statusCode).toBe(404);
    expect(storedFiles('documents')).toEqual([]);
    expect((await remove(ids.Priya, document.id)).json()).toEqual({
      message: DOCUMENT_MESSAGES.notFound,
    });
  });

  it('decides the type by content, whatever the name and declared type say', async () => {
    const res = await upload(ids.Priya, {
      name: 'passport.pdf',
      bytes: PNG,
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileType: 'image/png', applicationId: null });
    const { id } = ZDocumentSchema.parse(res.json());
    expect((await fileOf(ids.Priya, id)).headers['content-type']).toBe('image/png');
  });

  it.each([
    ['an HTML page named .pdf', { name: 'offer.pdf', bytes: HTML, type: 'application/pdf' }],
    ['a script named .png', { name: 'photo.png', bytes: Buffer.from('#!/bin/sh\nrm -rf /\n') }],
    ['an empty file', { name: 'empty.pdf', bytes: Buffer.alloc(0) }],
    ['a three-byte file', { name: 'tiny.pdf', bytes: Buffer.from('%PD') }],
  ])('refuses %s with the spec message and keeps nothing', async (_, file) => {
    const rows = await documentRows();
    const res = await upload(ids.Priya, file);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: DOCUMENT_MESSAGES.wrongType });
    await expectNothingStored(rows, 0);
  });

  it('takes a file of exactly 10 MB and refuses one byte more, keeping nothing', async () => {
    const limit = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES - PDF.length, 0x20)]);
    const atLimit = await upload(ids.Priya, { name: 'big.pdf', bytes: limit });
    expect(atLimit.statusCode).toBe(201);
    expect(atLimit.json()).toMatchObject({ fileSize: MAX_DOCUMENT_BYTES });

    const tooLarge = await upload(ids.Priya, {
      name: 'bigger.pdf',
      bytes: Buffer.concat([limit, Buffer.from(' ')]),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: DOCUMENT_MESSAGES.tooLarge });
    await expectNothingStored(1, 1);
  });

  it('keeps only the last part of a path in a file name and stores under a generated key', async () => {
    const res = await upload(ids.Priya, { name: '../../../etc/passwd.pdf', bytes: PDF });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'passwd.pdf' });
    expect(storedFiles('documents')).toEqual([
      expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    ]);
  });

  const badForms: {
    what: string;
    fields: Record<string, string>;
    file?: FilePart;
    message?: string;
  }[] = [
    { what: 'no file at all', fields: {}, message: DOCUMENT_MESSAGES.noFile },
    {
      what: 'a file under another field name',
      fields: {},
      file: { name: 'a.pdf', bytes: PDF, field: 'upload' },
    },
    { what: 'an unknown field', fields: { note: 'hello' }, file: { name: 'a.pdf', bytes: PDF } },
    { what: 'an application id that is not a number', fields: { applicationId: 'abc' } },
    { what: 'an application id of zero', fields: { applicationId: '0' } },
  ];
  it.each(badForms)('refuses $what with a 400 and keeps nothing', async (form) => {
    const res = await upload(ids.Priya, form.file, form.fields);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string }>();
    expect(body.message.length).toBeGreaterThan(0);
    if (form.message) expect(body.message).toBe(form.message);
    await expectNothingStored(0, 0);
  });

  it('refuses bodies that are not a multipart form, or a broken one', async () => {
    const headers = await bearer(ids.Priya);
    const json = await t.app.inject({
      method: 'POST',
      url: API_PATHS.documents,
      payload: { fileData: 'data:application/pdf;base64,JVBERi0=' },
      headers,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: DOCUMENT_MESSAGES.noFile });

    const { payload, contentType } = await multipartBody({}, { name: 'a.pdf', bytes: PDF });
    const truncated = await t.app.inject({
      method: 'POST',
      url: API_PATHS.documents,
      payload: payload.subarray(0, payload.length - 60),
      headers: { ...headers, 'content-type': contentType },
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ message: DOCUMENT_MESSAGES.unreadable });
    await expectNothingStored(0, 0);
  });

  it("refuses an upload for another student's application or an unknown one", async () => {
    for (const applicationId of [minhAnhsApplicationId, 2_000_000]) {
      const res = await upload(
        ids.Priya,
        { name: 'a.pdf', bytes: PDF },
        { applicationId: String(applicationId) },
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: APPLICATION_NOT_FOUND });
    }
    await expectNothingStored(0, 0);
  });

  it("never shows, serves or deletes another student's document", async () => {
    const mine = ZDocumentSchema.parse(
      (await upload(ids['Minh Anh'], { name: 'i20.pdf', bytes: PDF })).json(),
    );
    expect(await list(ids.Priya)).toEqual([]);
    const peek = await fileOf(ids.Priya, mine.id);
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toEqual({ message: DOCUMENT_MESSAGES.notFound });
    expect((await remove(ids.Priya, mine.id)).statusCode).toBe(404);
    expect(await list(ids['Minh Anh'])).toEqual([mine]);
    expect((await fileOf(ids['Minh Anh'], mine.id)).rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses ids that are not positive numbers', async () => {
    for (const id of ['abc', '0', '-1', '99999999999']) {
      expect((await fileOf(ids.Priya, id)).statusCode).toBe(400);
      expect((await remove(ids.Priya, id)).statusCode).toBe(400);
    }
    const badQuery = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.documents}?applicationId=x`,
      headers: await bearer(ids.Priya),
    });
    expect(badQuery.statusCode).toBe(400);
  });

  it('needs a full session of a face-verified student on every route', async () => {
    const routes = [
      { method: 'GET', url: API_PATHS.documents },
      { method: 'POST', url: API_PATHS.documents },
      { method: 'GET', url: apiPath(API_PATHS.documentFile, { id: 1 }) },
      { method: 'DELETE', url: apiPath(API_PATHS.document, { id: 1 }) },
    ] as const;
    const onboarding = await onboardingTokenFor(t.app, ids.Priya ?? '');
    for (const route of routes) {
      for (const headers of [{}, { authorization: `Bearer ${onboarding}` }]) {
        const res = await t.app.inject({ ...route, headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      }
    }
    // The onboarding demo student has not been through the identity check.
    const unverified = await upload(ids.Amara, { name: 'a.pdf', bytes: PDF });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ message: NOT_VERIFIED });
  });

  it(`keeps at most ${MAX_DOCUMENTS_PER_STUDENT} documents per student`, async () => {
    await t.app.db.insert(documents).values(
      Array.from({ length: MAX_DOCUMENTS_PER_STUDENT }, (_, i) => ({
        studentId: ids.Priya ?? '',
        fileName: `old-${i}.pdf`,
        fileType: 'application/pdf',
        fileSize: 10,
        storageKey: `documents/00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      })),
    );
    const res = await upload(ids.Priya, { name: 'one-more.pdf', bytes: PDF });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DOCUMENT_MESSAGES.tooManyDocuments });
    expect(storedFiles('tmp')).toEqual([]);
  });

  it('limits uploads per student, with Retry-After', async () => {
    const bucket = `documents:student:${ids.Lucas ?? ''}`;
    for (let i = 0; i < UPLOADS_PER_STUDENT.limit; i++) {
      await hitRateLimit(t.app.db, bucket, UPLOADS_PER_STUDENT);
    }
    const res = await upload(ids.Lucas, { name: 'a.pdf', bytes: PDF });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: DOCUMENT_MESSAGES.tooManyUploads });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await list(ids.Lucas)).toEqual([]);
  });

  describe('over a real connection', () => {
    let origin: string;
    beforeAll(async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

    const send = async (file: FilePart) => {
      const { payload, contentType } = await multipartBody({}, file);
      return fetch(`${origin}${API_PATHS.documents}`, {
        method: 'POST',
        body: new Uint8Array(payload),
        headers: { ...(await bearer(ids.Priya)), 'content-type': contentType },
      });
    };

    it('a refusal decided on the first bytes reaches a client sending 9 MB, whose rest is read and dropped', async () => {
      const res = await send({ name: 'page.pdf', bytes: Buffer.concat([HTML, Buffer.alloc(9e6)]) });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: DOCUMENT_MESSAGES.wrongType });
      // The whole body was read, so the connection is whole and may serve the next request.
      expect(res.headers.get('connection')).toBe('keep-alive');
      await expectNothingStored(0, 0);
    });

    it('closes the connection of a refused upload that declares far more than any file', async () => {
      const { payload, contentType } = await multipartBody({}, { name: 'page.pdf', bytes: HTML });
      const head =
        `POST ${API_PATHS.documents} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: ${(await bearer(ids.Priya)).authorization}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${100 * MAX_DOCUMENT_BYTES}\r\n\r\n`;
      // Resolves once the connection is closed: the client asked for nothing of the kind.
      const read = await sendThenReadLate(origin, head, payload, 0);
      expect(read.response).toMatch(/^HTTP\/1.1 413 /);
      expect(read.response).toMatch(/\r\nconnection: close\r\n/i);
    });

    // docs/security-tests.md, issue 19 hardening: a refusal answered while the body still streams was followed by a reset, which
    // a client reading its answer late (a phone still sending) never saw: only a broken connection.
    it.each([
      ['a type refused on the first bytes', HTML, 415, DOCUMENT_MESSAGES.wrongType],
      [
        'a file over the limit',
        Buffer.alloc(MAX_DOCUMENT_BYTES + 1024, 0x25),
        413,
        DOCUMENT_MESSAGES.tooLarge,
      ],
    ])(
      'the answer to %s reaches a client that reads it only after sending all of it',
      async (_name, file, status, message) => {
        const { payload, contentType } = await multipartBody(
          {},
          { name: 'scan.pdf', bytes: Buffer.concat([file, Buffer.alloc(6e6)]) },
        );
        const head =
          `POST ${API_PATHS.documents} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: ${(await bearer(ids.Priya)).authorization}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n` +
          'Connection: close\r\n\r\n';
        const read = await sendThenReadLate(origin, head, payload, 300);
        expect(read.ended).toBe('closed');
        expect(read.response).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
        expect(read.response).toContain(JSON.stringify({ message }));
        await expectNothingStored(0, 0);
      },
    );

    it('a file over the limit gets the size message, not a broken connection', async () => {
      const res = await send({
        name: 'scan.pdf',
        bytes: Buffer.alloc(MAX_DOCUMENT_BYTES * 1.2, 0x25),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: DOCUMENT_MESSAGES.tooLarge });
      await expectNothingStored(0, 0);
    });

    it('an upload the client abandons halfway leaves no row and no file', async () => {
      const { payload, contentType } = await multipartBody(
        {},
        { name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(4e6)]) },
      );
      const url = new URL(API_PATHS.documents, origin);
      const headers = {
        ...(await bearer(ids.Priya)),
        'content-type': contentType,
        'content-length': payload.length,
      };
      const request = httpRequest(url, { method: 'POST', headers });
      request.on('error', () => undefined);
      request.write(payload.subarray(0, 2e6));
      await expect.poll(() => storedFiles('tmp')).toHaveLength(1);
      request.destroy();
      await expect.poll(() => storedFiles('tmp'), { timeout: 5_000 }).toEqual([]);
      await expectNothingStored(0, 0);
    });
  });
});
