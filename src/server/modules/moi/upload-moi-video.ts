import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  MAX_MOI_VIDEO_BYTES,
  MOI_MESSAGES,
  MOI_UPLOAD_FIELDS,
  type TMoiSubmitVideoQuery,
  type TMoiSubmitVideoResponse,
} from '../../../shared/moi.js';
import type { Database } from '../../db/client.js';
import { moiQuestions, moiSessions, moiVideos } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { inspectUpload, type UploadRules } from '../../lib/inspect-upload.js';
import { type FileStorage, newStorageKey } from '../../storage/file-storage.js';
import { detectWebm, WEBM_HEAD_LENGTH } from './detect-webm.js';

interface UploadDeps {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

const WEBM_UPLOAD_RULES: UploadRules<'video/webm'> = {
  headLength: WEBM_HEAD_LENGTH,
  detect: detectWebm,
  maxBytes: MAX_MOI_VIDEO_BYTES,
  messages: {
    wrongType: MOI_MESSAGES.wrongType,
    tooLarge: MOI_MESSAGES.tooLarge,
    unreadable: MOI_MESSAGES.unreadable,
  },
};

/**
 * Stores one recorded answer of the student's open session, from a multipart upload of one WebM
 * file, streamed through the content checks into storage and never held whole in memory. The
 * answer's place (session, index) keeps one file: an upload retried after a lost reply, or a
 * re-recorded answer, replaces the file and keeps the id, so there is never a duplicate. Throws
 * an HttpError with the student-facing message for anything refused.
 */
export async function uploadMoiVideo(
  deps: UploadDeps,
  studentId: string,
  slot: TMoiSubmitVideoQuery,
  parts: AsyncIterable<Multipart>,
): Promise<TMoiSubmitVideoResponse> {
  // Checked before the bytes arrive: a wrong session should not wait for 7 MB to be refused.
  await refuseClosedSession(deps.db, studentId, slot.sessionId);
  await refuseUnknownQuestion(deps.db, slot.questionId);
  for await (const part of parts) {
    if (part.type === 'field') {
      throw new HttpError(400, `Unexpected field "${part.fieldname.slice(0, 40)}".`);
    }
    if (part.fieldname !== MOI_UPLOAD_FIELDS.video) {
      throw new HttpError(400, `Unexpected file field "${part.fieldname.slice(0, 40)}".`);
    }
    return storeVideo(deps, studentId, slot, part);
  }
  throw new HttpError(400, MOI_MESSAGES.noFile);
}

/** 404 for a session that is not this student's (or none at all), 409 for a submitted one. */
async function refuseClosedSession(
  db: Database,
  studentId: string,
  sessionId: string,
  lock = false,
): Promise<void> {
  const query = db
    .select({ status: moiSessions.status })
    .from(moiSessions)
    .where(and(eq(moiSessions.id, sessionId), eq(moiSessions.studentId, studentId)));
  const [session] = lock ? await query.for('update') : await query;
  if (!session) throw new HttpError(404, MOI_MESSAGES.sessionNotFound);
  if (session.status !== 'recording') throw new HttpError(409, MOI_MESSAGES.alreadySubmitted);
}

async function refuseUnknownQuestion(db: Database, questionId: number): Promise<void> {
  const [question] = await db
    .select({ id: moiQuestions.id })
    .from(moiQuestions)
    .where(eq(moiQuestions.id, questionId));
  if (!question) throw new HttpError(400, MOI_MESSAGES.unknownQuestion);
}

/**
 * The file goes to a temporary key first; the row and the file's final key appear together in
 * one transaction, so a failure or crash at any point leaves no row without its file. A replaced
 * file is removed only after the commit: until then the row still points at it.
 */
async function storeVideo(
  { db, storage, log }: UploadDeps,
  studentId: string,
  { sessionId, videoIndex, questionId }: TMoiSubmitVideoQuery,
  part: MultipartFile,
): Promise<TMoiSubmitVideoResponse> {
  const inspected = inspectUpload(part.file, WEBM_UPLOAD_RULES);
  const temporaryKey = await storage.writeTemporary(inspected.chunks);
  const { type, size } = inspected.result();
  const key = newStorageKey('moi-videos');
  let stored: { fileId: string; replacedKey: string | null };
  try {
    stored = await db.transaction(async (tx) => {
      // The session's row is the lock: a submission, or the same answer's other upload, waits.
      await refuseClosedSession(tx, studentId, sessionId, true);
      const values = { questionId, storageKey: key, sizeBytes: size, contentType: type };
      const [existing] = await tx
        .select({ id: moiVideos.id, storageKey: moiVideos.storageKey })
        .from(moiVideos)
        .where(and(eq(moiVideos.sessionId, sessionId), eq(moiVideos.videoIndex, videoIndex)));
      const [row] = existing
        ? await tx
            .update(moiVideos)
            .set({ ...values, createdAt: new Date() })
            .where(eq(moiVideos.id, existing.id))
            .returning({ id: moiVideos.id })
        : await tx
            .insert(moiVideos)
            .values({ ...values, sessionId, videoIndex })
            .returning({ id: moiVideos.id });
      if (!row) throw new Error('moi video write returned no row');
      await storage.promote(temporaryKey, key);
      return { fileId: row.id, replacedKey: existing?.storageKey ?? null };
    });
  } catch (error) {
    await Promise.allSettled([storage.remove(temporaryKey), storage.remove(key)]);
    throw error;
  }
  if (stored.replacedKey) {
    // Nothing points at the old file any more: failing to remove it wastes space, nothing else.
    await storage.remove(stored.replacedKey).catch((error: unknown) => {
      log.warn({ err: error, fileId: stored.fileId }, 'could not remove a replaced MOI video');
    });
  }
  return { fileId: stored.fileId };
}
