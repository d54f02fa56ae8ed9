import { readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import {
  MAX_MOI_VIDEO_BYTES,
  MOI_FALLBACK_QUESTIONS,
  MOI_MESSAGES,
  type TMoiAnswer,
  type TMoiStatus,
  ZMoiQuestionListResponseSchema,
  ZMoiSessionResponseSchema,
  ZMoiSubmissionResponseSchema,
  ZMoiSubmitVideoResponseSchema,
} from '../../../shared/moi.js';
import { moiSessions, moiVideos, rateLimits, students } from '../../db/schema.js';
import { hitRateLimit } from '../../db/rate-limit.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { type FilePart, multipartBody } from '../../test/multipart-body.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { NOT_VERIFIED, UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { MOI_UPLOADS_PER_STUDENT } from './routes.js';

/** The EBML header Chrome's MediaRecorder writes, then the start of a Segment and some frames. */
const WEBM_HEADER = Buffer.from(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102' +
    '1853806701ffffffffffffff',
  'hex',
);
const webm = (size = 4096, fill = 0x42) =>
  Buffer.concat([WEBM_HEADER, Buffer.alloc(size - WEBM_HEADER.length, fill)]);
const MATROSKA = Buffer.from(WEBM_HEADER.toString('hex').replace('7765626d', '6d6b7631'), 'hex');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

/** An answer's upload as the interview page sends it: the `video` field, WebM. */
const answerBody = (file?: FilePart, fields: Record<string, string> = {}) =>
  multipartBody(fields, file && { field: 'video', type: 'video/webm', ...file });

const answerFile = (bytes = webm()): FilePart => ({ name: 'answer.webm', bytes });

describe.each(testDatabaseKinds())('the MOI interview on $name', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  let questionIds: number[] = [];

  const bearer = async (studentId: string | undefined) => ({
    authorization: `Bearer ${await t.app.sessionTokens.issue(studentId ?? '', 'student')}`,
  });
  const startSession = async (studentId: string | undefined) =>
    t.app.inject({ method: 'POST', url: API_PATHS.moiSessions, headers: await bearer(studentId) });
  const sessionOf = async (studentId: string | undefined) => {
    const res = await startSession(studentId);
    expect(res.statusCode).toBeLessThan(300);
    return ZMoiSessionResponseSchema.parse(res.json()).sessionId;
  };
  const submitVideoUrl = (query: Record<string, string | number>) =>
    `${API_PATHS.moiSubmitVideo}?${new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    ).toString()}`;
  const upload = async (
    studentId: string | undefined,
    query: Record<string, string | number>,
    file: FilePart | null = answerFile(),
    fields: Record<string, string> = {},
  ) => {
    const { payload, contentType } = await answerBody(file ?? undefined, fields);
    return t.app.inject({
      method: 'POST',
      url: submitVideoUrl(query),
      payload,
      headers: { ...(await bearer(studentId)), 'content-type': contentType },
    });
  };
  const uploadAnswer = async (
    studentId: string | undefined,
    sessionId: string,
    videoIndex: number,
    bytes = webm(),
  ) => {
    const res = await upload(
      studentId,
      { sessionId, videoIndex, questionId: questionIds[videoIndex] ?? 0 },
      answerFile(bytes),
    );
    expect(res.statusCode).toBe(201);
    return ZMoiSubmitVideoResponseSchema.parse(res.json()).fileId;
  };
  const answersOf = (fileIds: string[]): TMoiAnswer[] =>
    fileIds.map((fileId, videoIndex) => ({
      fileId,
      videoIndex,
      questionId: questionIds[videoIndex] ?? 0,
      questionText: MOI_FALLBACK_QUESTIONS[videoIndex]?.text ?? '',
    }));
  const submitAnswers = async (studentId: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.moiAnswers,
      payload: payload as Record<string, unknown>,
      headers: await bearer(studentId),
    });
  const moiStatusOf = async (studentId: string | undefined) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.applicantData,
      payload: {},
      headers: await bearer(studentId),
    });
    return res.json<{ application: { 'MOI Status': string } }>().application['MOI Status'];
  };

  const storageDir = () => {
    const storage = t.app.config.storage;
    if (storage.driver !== 'local') throw new Error('these tests look at the local disk');
    return storage.directory;
  };
  const storedFiles = (folder: 'moi-videos' | 'tmp') => {
    try {
      return readdirSync(join(storageDir(), folder));
    } catch {
      return [];
    }
  };
  const videoRows = async () => {
    const [row] = await t.app.db.select({ n: count() }).from(moiVideos);
    return row?.n ?? 0;
  };
  /** A refused upload leaves no row, no stored file and no temporary file behind. */
  const expectNothingStored = async () => {
    expect(await videoRows()).toBe(0);
    expect(storedFiles('moi-videos')).toEqual([]);
    expect(storedFiles('tmp')).toEqual([]);
  };
  const setMoiStatus = (firstName: string, moiStatus: TMoiStatus) =>
    t.app.db
      .update(students)
      .set({ moiStatus })
      .where(eq(students.id, ids[firstName] ?? ''));

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const row of await t.app.db
      .select({ id: students.id, firstName: students.firstName })
      .from(students)) {
      ids[row.firstName] = row.id;
    }
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.app.db.delete(moiSessions);
    await t.app.db.delete(rateLimits);
    await setMoiStatus('Priya', 'Incomplete');
    await setMoiStatus('Lucas', 'Pending');
    rmSync(join(storageDir(), 'moi-videos'), { recursive: true, force: true });
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.moiQuestions,
      headers: await bearer(ids.Priya),
    });
    questionIds = ZMoiQuestionListResponseSchema.parse(res.json()).map((q) => q.id);
  });

  it('lists the three seeded questions in order: the fallback questions of the web', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.moiQuestions,
      headers: await bearer(ids.Priya),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(MOI_FALLBACK_QUESTIONS);
  });

  it('takes three answers and a submission, and the dashboard then shows MOI Submitted', async () => {
    expect(await moiStatusOf(ids.Priya)).toBe('Incomplete');
    const first = await startSession(ids.Priya);
    expect(first.statusCode).toBe(201);
    const { sessionId } = ZMoiSessionResponseSchema.parse(first.json());
    // Asking again answers the same open session.
    const again = await startSession(ids.Priya);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ sessionId });

    const fileIds = [];
    for (const index of [0, 1, 2]) fileIds.push(await uploadAnswer(ids.Priya, sessionId, index));
    expect(new Set(fileIds).size).toBe(3);
    expect(storedFiles('moi-videos')).toHaveLength(3);

    const res = await submitAnswers(ids.Priya, { sessionId, videoData: answersOf(fileIds) });
    expect(res.statusCode).toBe(201);
    expect(ZMoiSubmissionResponseSchema.parse(res.json())).toMatchObject({
      sessionId,
      moiStatus: 'Submitted',
    });
    expect(await moiStatusOf(ids.Priya)).toBe('Submitted');
    const [session] = await t.app.db
      .select()
      .from(moiSessions)
      .where(eq(moiSessions.id, sessionId));
    expect(session).toMatchObject({ status: 'submitted', studentId: ids.Priya });
    expect(session?.submittedAt).toBeInstanceOf(Date);
  });

  it('refuses a second submission, a new session and more uploads once submitted', async () => {
    const sessionId = await sessionOf(ids.Priya);
    const fileIds = [];
    for (const index of [0, 1, 2]) fileIds.push(await uploadAnswer(ids.Priya, sessionId, index));
    expect(
      (await submitAnswers(ids.Priya, { sessionId, videoData: answersOf(fileIds) })).statusCode,
    ).toBe(201);

    const again = await submitAnswers(ids.Priya, { sessionId, videoData: answersOf(fileIds) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MOI_MESSAGES.alreadySubmitted });
    const newSession = await startSession(ids.Priya);
    expect(newSession.statusCode).toBe(409);
    expect(newSession.json()).toEqual({ message: MOI_MESSAGES.alreadySubmitted });
    const late = await upload(ids.Priya, {
      sessionId,
      videoIndex: 0,
      questionId: questionIds[0] ?? 0,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: MOI_MESSAGES.alreadySubmitted });
    expect(storedFiles('moi-videos')).toHaveLength(3);
    expect(storedFiles('tmp')).toEqual([]);
  });

  it('lets a student whose interview is pending review record and submit it again', async () => {
    const sessionId = await sessionOf(ids.Lucas);
    const fileIds = [];
    for (const index of [0, 1, 2]) fileIds.push(await uploadAnswer(ids.Lucas, sessionId, index));
    const res = await submitAnswers(ids.Lucas, { sessionId, videoData: answersOf(fileIds) });
    expect(res.statusCode).toBe(201);
    expect(await moiStatusOf(ids.Lucas)).toBe('Submitted');
  });

  it('stores a retried upload once: the same file id, the new bytes, the old file gone', async () => {
    const sessionId = await sessionOf(ids.Priya);
    const first = await uploadAnswer(ids.Priya, sessionId, 1, webm(4096, 0x01));
    const [before] = storedFiles('moi-videos');
    const retried = await uploadAnswer(ids.Priya, sessionId, 1, webm(5000, 0x02));
    expect(retried).toBe(first);
    expect(await videoRows()).toBe(1);
    const after = storedFiles('moi-videos');
    expect(after).toHaveLength(1);
    expect(after).not.toContain(before);
    const [row] = await t.app.db.select().from(moiVideos).where(eq(moiVideos.id, first));
    expect(row).toMatchObject({ videoIndex: 1, sizeBytes: 5000, contentType: 'video/webm' });
    const stored = await t.app.fileStorage.read(row?.storageKey ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of stored ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(webm(5000, 0x02))).toBe(true);
    expect(storedFiles('tmp')).toEqual([]);
  });

  it('decides the type by content: a WebM named anything with any declared type is taken', async () => {
    const sessionId = await sessionOf(ids.Priya);
    const res = await upload(
      ids.Priya,
      { sessionId, videoIndex: 0, questionId: questionIds[0] ?? 0 },
      { name: 'recording.bin', bytes: webm(), type: 'application/octet-stream' },
    );
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['a PDF', { name: 'answer.pdf', bytes: PDF, type: 'application/pdf' }],
    ['an HTML page named .webm', { name: 'answer.webm', bytes: HTML, type: 'video/webm' }],
    [
      'a Matroska file named .webm',
      { name: 'answer.webm', bytes: Buffer.concat([MATROSKA, Buffer.alloc(512)]) },
    ],
    ['an empty file', { name: 'answer.webm', bytes: Buffer.alloc(0) }],
  ])('refuses %s with 415 and keeps nothing', async (_, file) => {
    const sessionId = await sessionOf(ids.Priya);
    const res = await upload(
      ids.Priya,
      { sessionId, videoIndex: 0, questionId: questionIds[0] ?? 0 },
      file,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MOI_MESSAGES.wrongType });
    await expectNothingStored();
  });

  it(`takes an answer of exactly ${MAX_MOI_VIDEO_BYTES} bytes and refuses one byte more`, async () => {
    // 90 s at 250 kbps video and 96 kbps audio is about 3.9 MB; the limit allows twice that.
    expect(MAX_MOI_VIDEO_BYTES).toBe(7_785_000);
    const sessionId = await sessionOf(ids.Priya);
    const query = { sessionId, videoIndex: 2, questionId: questionIds[2] ?? 0 };
    const tooLarge = await upload(ids.Priya, query, answerFile(webm(MAX_MOI_VIDEO_BYTES + 1)));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: MOI_MESSAGES.tooLarge });
    await expectNothingStored();
    const atLimit = await upload(ids.Priya, query, answerFile(webm(MAX_MOI_VIDEO_BYTES)));
    expect(atLimit.statusCode).toBe(201);
  });

  it('refuses a declared body far over the limit before reading it', async () => {
    const sessionId = await sessionOf(ids.Priya);
    const { payload, contentType } = await answerBody(answerFile());
    const res = await t.app.inject({
      method: 'POST',
      url: submitVideoUrl({ sessionId, videoIndex: 0, questionId: questionIds[0] ?? 0 }),
      payload,
      headers: {
        ...(await bearer(ids.Priya)),
        'content-type': contentType,
        'content-length': String(MAX_MOI_VIDEO_BYTES * 2),
      },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MOI_MESSAGES.tooLarge });
  });

  it("refuses another student's session with 404, as if it did not exist", async () => {
    const lucasSession = await sessionOf(ids.Lucas);
    for (const sessionId of [lucasSession, '00000000-0000-4000-8000-000000000000']) {
      const res = await upload(ids.Priya, {
        sessionId,
        videoIndex: 0,
        questionId: questionIds[0] ?? 0,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MOI_MESSAGES.sessionNotFound });
    }
    await expectNothingStored();
  });

  it("refuses answers naming another student's session or recordings", async () => {
    const priyas = await sessionOf(ids.Priya);
    const lucas = await sessionOf(ids.Lucas);
    const priyasFiles = [];
    const lucasFiles = [];
    for (const index of [0, 1, 2]) {
      priyasFiles.push(await uploadAnswer(ids.Priya, priyas, index));
      lucasFiles.push(await uploadAnswer(ids.Lucas, lucas, index));
    }
    const foreignSession = await submitAnswers(ids.Priya, {
      sessionId: lucas,
      videoData: answersOf(lucasFiles),
    });
    expect(foreignSession.statusCode).toBe(404);
    expect(foreignSession.json()).toEqual({ message: MOI_MESSAGES.sessionNotFound });

    const mixed = answersOf([priyasFiles[0] ?? '', lucasFiles[1] ?? '', priyasFiles[2] ?? '']);
    const foreignFile = await submitAnswers(ids.Priya, { sessionId: priyas, videoData: mixed });
    expect(foreignFile.statusCode).toBe(404);
    expect(foreignFile.json()).toEqual({ message: MOI_MESSAGES.recordingNotFound });

    const swapped = answersOf([priyasFiles[1] ?? '', priyasFiles[0] ?? '', priyasFiles[2] ?? '']);
    const mismatch = await submitAnswers(ids.Priya, { sessionId: priyas, videoData: swapped });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ message: MOI_MESSAGES.answerMismatch });

    expect(await moiStatusOf(ids.Priya)).toBe('Incomplete');
    expect(await moiStatusOf(ids.Lucas)).toBe('Pending');
  });

  it('refuses answers that are not exactly three, or answer one question twice', async () => {
    const sessionId = await sessionOf(ids.Priya);
    const fileIds = [];
    for (const index of [0, 1, 2]) fileIds.push(await uploadAnswer(ids.Priya, sessionId, index));
    const all = answersOf(fileIds);
    const cases: [unknown[], string][] = [
      [all.slice(0, 2), MOI_MESSAGES.wrongCount],
      [[], MOI_MESSAGES.wrongCount],
      [[...all, { ...all[0] }], MOI_MESSAGES.wrongCount],
      [[all[0], { ...all[1], videoIndex: 0 }, all[2]], MOI_MESSAGES.wrongCount],
      [
        [all[0], { ...all[1], questionId: all[0]?.questionId }, all[2]],
        MOI_MESSAGES.duplicateAnswer,
      ],
    ];
    for (const [videoData, message] of cases) {
      const res = await submitAnswers(ids.Priya, { sessionId, videoData });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect(await moiStatusOf(ids.Priya)).toBe('Incomplete');
  });

  it('refuses an answer that was never uploaded', async () => {
    const sessionId = await sessionOf(ids.Priya);
    const fileIds = [await uploadAnswer(ids.Priya, sessionId, 0)];
    fileIds.push(await uploadAnswer(ids.Priya, sessionId, 1));
    fileIds.push('00000000-0000-4000-8000-000000000000');
    const res = await submitAnswers(ids.Priya, { sessionId, videoData: answersOf(fileIds) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MOI_MESSAGES.recordingNotFound });
  });

  const badUploads: {
    what: string;
    query: (sessionId: string) => Record<string, string | number>;
    file?: FilePart | null;
    fields?: Record<string, string>;
    message?: string;
  }[] = [
    { what: 'no sessionId', query: () => ({ videoIndex: 0, questionId: 1 }) },
    {
      what: 'a sessionId that is not an id',
      query: () => ({ sessionId: 'abc', videoIndex: 0, questionId: 1 }),
    },
    { what: 'no videoIndex', query: (sessionId) => ({ sessionId, questionId: 1 }) },
    {
      what: 'a videoIndex of 3',
      query: (sessionId) => ({ sessionId, videoIndex: 3, questionId: 1 }),
    },
    {
      what: 'a videoIndex of -1',
      query: (sessionId) => ({ sessionId, videoIndex: -1, questionId: 1 }),
    },
    { what: 'no questionId', query: (sessionId) => ({ sessionId, videoIndex: 0 }) },
    {
      what: 'an unknown questionId',
      query: (sessionId) => ({ sessionId, videoIndex: 0, questionId: 999_999 }),
      message: MOI_MESSAGES.unknownQuestion,
    },
    {
      what: 'no file',
      query: (sessionId) => ({ sessionId, videoIndex: 0, questionId: 1 }),
      file: null,
      message: MOI_MESSAGES.noFile,
    },
    {
      what: 'the file under another field name',
      query: (sessionId) => ({ sessionId, videoIndex: 0, questionId: 1 }),
      file: { ...answerFile(), field: 'file' },
    },
    {
      what: 'a field before the file',
      query: (sessionId) => ({ sessionId, videoIndex: 0, questionId: 1 }),
      fields: { note: 'hi' },
    },
  ];
  it.each(badUploads)('refuses an upload with $what with a 400 and keeps nothing', async (bad) => {
    const sessionId = await sessionOf(ids.Priya);
    const res = await upload(ids.Priya, bad.query(sessionId), bad.file, bad.fields);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string }>();
    expect(body.message.length).toBeGreaterThan(0);
    if (bad.message) expect(body.message).toBe(bad.message);
    await expectNothingStored();
  });

  it('refuses a body that is not a multipart form, or a broken one', async () => {
    const sessionId = await sessionOf(ids.Priya);
    const url = submitVideoUrl({ sessionId, videoIndex: 0, questionId: questionIds[0] ?? 0 });
    const headers = await bearer(ids.Priya);
    const json = await t.app.inject({ method: 'POST', url, payload: { video: 'x' }, headers });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: MOI_MESSAGES.noFile });

    const { payload, contentType } = await answerBody(answerFile());
    const truncated = await t.app.inject({
      method: 'POST',
      url,
      payload: payload.subarray(0, payload.length - 60),
      headers: { ...headers, 'content-type': contentType },
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ message: MOI_MESSAGES.unreadable });
    await expectNothingStored();
  });

  it('refuses a student whose school does not require the interview', async () => {
    const res = await startSession(ids['Minh Anh']);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MOI_MESSAGES.notRequired });
    // Even with a session made for them another way, the submission is refused.
    const [session] = await t.app.db
      .insert(moiSessions)
      .values({ studentId: ids['Minh Anh'] ?? '' })
      .returning({ id: moiSessions.id });
    const fileIds = [];
    for (const index of [0, 1, 2]) {
      fileIds.push(await uploadAnswer(ids['Minh Anh'], session?.id ?? '', index));
    }
    const submit = await submitAnswers(ids['Minh Anh'], {
      sessionId: session?.id,
      videoData: answersOf(fileIds),
    });
    expect(submit.statusCode).toBe(403);
    expect(await moiStatusOf(ids['Minh Anh'])).toBe('Incomplete');
  });

  it('needs a full session of a face-verified student on every route', async () => {
    const sessionId = '00000000-0000-4000-8000-000000000000';
    const routes = [
      { method: 'GET', url: API_PATHS.moiQuestions },
      { method: 'POST', url: API_PATHS.moiSessions },
      { method: 'POST', url: submitVideoUrl({ sessionId, videoIndex: 0, questionId: 1 }) },
      {
        method: 'POST',
        url: API_PATHS.moiAnswers,
        payload: { sessionId, videoData: answersOf([sessionId, sessionId, sessionId]) },
      },
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
    const unverified = await startSession(ids.Amara);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ message: NOT_VERIFIED });
  });

  it('limits uploads per student, with Retry-After', async () => {
    const sessionId = await sessionOf(ids.Lucas);
    const bucket = `moi-videos:student:${ids.Lucas ?? ''}`;
    for (let i = 0; i < MOI_UPLOADS_PER_STUDENT.limit; i++) {
      await hitRateLimit(t.app.db, bucket, MOI_UPLOADS_PER_STUDENT);
    }
    const res = await upload(ids.Lucas, {
      sessionId,
      videoIndex: 0,
      questionId: questionIds[0] ?? 0,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: MOI_MESSAGES.tooManyUploads });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await expectNothingStored();
  });

  describe('over a real connection', () => {
    let origin: string;
    beforeAll(async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

    it('a type refusal reaches a client still sending, whose rest is read and dropped', async () => {
      const sessionId = await sessionOf(ids.Priya);
      const { payload, contentType } = await answerBody({
        name: 'answer.webm',
        bytes: Buffer.concat([HTML, Buffer.alloc(6e6)]),
      });
      const res = await fetch(
        `${origin}${submitVideoUrl({ sessionId, videoIndex: 0, questionId: questionIds[0] ?? 0 })}`,
        {
          method: 'POST',
          body: new Uint8Array(payload),
          headers: { ...(await bearer(ids.Priya)), 'content-type': contentType },
        },
      );
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: MOI_MESSAGES.wrongType });
      // The whole body was read, so the connection is whole and may serve the next request.
      expect(res.headers.get('connection')).toBe('keep-alive');
      await expectNothingStored();
    });

    it('an upload the client abandons halfway leaves no row and no file', async () => {
      const sessionId = await sessionOf(ids.Priya);
      const { payload, contentType } = await answerBody(answerFile(webm(4e6)));
      const url = new URL(
        submitVideoUrl({ sessionId, videoIndex: 0, questionId: questionIds[0] ?? 0 }),
        origin,
      );
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
      await expectNothingStored();
    });
  });
});
