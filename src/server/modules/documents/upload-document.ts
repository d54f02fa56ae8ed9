import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import { and, count, eq } from 'drizzle-orm';
import { APPLICATION_NOT_FOUND } from '../../../shared/applications.js';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_UPLOAD_FIELDS,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_STUDENT,
  type TDocument,
  type TDocumentType,
  ZDocumentListQuerySchema,
} from '../../../shared/documents.js';
import { DOCUMENT_REQUEST_MESSAGES } from '../../../shared/document-requests.js';
import type { Database } from '../../db/client.js';
import { applications, documents, students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { inspectUpload, type UploadRules } from '../../lib/inspect-upload.js';
import { type FileStorage, newStorageKey } from '../../storage/file-storage.js';
import { detectDocumentType, SIGNATURE_LENGTH } from '../../lib/detect-document-type.js';
import { cleanDocumentFileName } from './document-file-name.js';
import { documentColumns, toDocument } from './document-row.js';
import { markUploaded, requestOpenToUpload } from '../document-requests/request-transitions.js';
import { notifyStaffByPush } from '../notifications/push-staff-notifications.js';

/** PDF, JPEG or PNG by their first bytes, up to 10 MB, refused in the spec's words. */
const DOCUMENT_UPLOAD_RULES: UploadRules<TDocumentType> = {
  headLength: SIGNATURE_LENGTH,
  detect: detectDocumentType,
  maxBytes: MAX_DOCUMENT_BYTES,
  messages: {
    wrongType: DOCUMENT_MESSAGES.wrongType,
    tooLarge: DOCUMENT_MESSAGES.tooLarge,
    unreadable: DOCUMENT_MESSAGES.unreadable,
  },
};

interface UploadDeps {
  db: Database;
  storage: FileStorage;
}

/**
 * Stores the document of a multipart upload for the student: the optional application id
 * first, then the file, which streams through the content checks into storage and is never held
 * whole in memory. Throws an HttpError with the student-facing message for anything refused.
 */
export async function uploadDocument(
  deps: UploadDeps,
  studentId: string,
  parts: AsyncIterable<Multipart>,
): Promise<TDocument> {
  const target: UploadTarget = { applicationId: null, documentRequestId: null };
  for await (const part of parts) {
    if (part.type === 'field') {
      await readTargetField(deps.db, studentId, part, target);
      continue;
    }
    if (part.fieldname !== DOCUMENT_UPLOAD_FIELDS.file) {
      throw new HttpError(400, `Unexpected file field "${part.fieldname.slice(0, 40)}".`);
    }
    return storeDocument(deps, studentId, target, part);
  }
  throw new HttpError(400, DOCUMENT_MESSAGES.noFile);
}

/** Where a file goes: an application of the student's, and a request on it, or neither. */
interface UploadTarget {
  applicationId: number | null;
  documentRequestId: number | null;
}

/** An id field's number, or a 400 naming the field. */
function idField(part: MultipartValue, what: string): number {
  const parsed = ZDocumentListQuerySchema.shape.applicationId.safeParse(part.value);
  if (!parsed.success || parsed.data === undefined || part.valueTruncated) {
    throw new HttpError(400, `${part.fieldname}: must be the number of one of your ${what}`);
  }
  return parsed.data;
}

/** Reads the application or request field into `target`, each checked as the student's own. */
async function readTargetField(
  db: Database,
  studentId: string,
  part: MultipartValue,
  target: UploadTarget,
): Promise<void> {
  if (part.fieldname === DOCUMENT_UPLOAD_FIELDS.documentRequestId) {
    const documentRequestId = idField(part, 'document requests');
    const applicationId = await requestOpenToUpload(
      db,
      studentId,
      documentRequestId,
      target.applicationId,
    );
    Object.assign(target, { applicationId, documentRequestId });
    return;
  }
  if (part.fieldname !== DOCUMENT_UPLOAD_FIELDS.applicationId) {
    throw new HttpError(400, `Unexpected field "${part.fieldname.slice(0, 40)}".`);
  }
  const [owned] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.id, idField(part, 'applications')),
        eq(applications.studentId, studentId),
      ),
    );
  if (!owned) throw new HttpError(404, APPLICATION_NOT_FOUND);
  if (target.documentRequestId !== null && target.applicationId !== owned.id) {
    throw new HttpError(400, DOCUMENT_REQUEST_MESSAGES.wrongApplication);
  }
  target.applicationId = owned.id;
}

async function countDocuments(db: Database, studentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.studentId, studentId));
  return row?.n ?? 0;
}

function refuseWhenFull(documentCount: number): void {
  if (documentCount >= MAX_DOCUMENTS_PER_STUDENT) {
    throw new HttpError(409, DOCUMENT_MESSAGES.tooManyDocuments);
  }
}

/**
 * The file goes to a temporary key first; the row and the file's final key appear together in
 * one transaction, so a failure or crash at any point leaves no row without its file and no file
 * a student can reach without its row. (A crash between the rename and the commit can leave an
 * unreachable file under its final key: never shown, only wasted space.)
 */
async function storeDocument(
  { db, storage }: UploadDeps,
  studentId: string,
  { applicationId, documentRequestId }: UploadTarget,
  part: MultipartFile,
): Promise<TDocument> {
  // Checked before the bytes arrive, so a full account does not wait for a 10 MB upload to fail.
  refuseWhenFull(await countDocuments(db, studentId));
  const inspected = inspectUpload(part.file, DOCUMENT_UPLOAD_RULES);
  const temporaryKey = await storage.writeTemporary(inspected.chunks);
  const { type: fileType, size: fileSize } = inspected.result();
  const key = newStorageKey('documents');
  try {
    return await db.transaction(async (tx) => {
      // The student's row is the lock that keeps concurrent uploads from passing the limit together.
      await tx
        .select({ id: students.id })
        .from(students)
        .where(eq(students.id, studentId))
        .for('update');
      refuseWhenFull(await countDocuments(tx, studentId));
      if (documentRequestId !== null) await markUploaded(tx, documentRequestId);
      const [row] = await tx
        .insert(documents)
        .values({
          studentId,
          applicationId,
          documentRequestId,
          review: documentRequestId === null ? null : 'pending',
          fileName: cleanDocumentFileName(part.filename, fileType),
          fileType,
          fileSize,
          storageKey: key,
        })
        .returning(documentColumns);
      if (!row) throw new Error('document insert returned no row');
      if (documentRequestId !== null) {
        await notifyStaffByPush(tx, studentId, 'staff.document-uploaded', {});
      }
      await storage.promote(temporaryKey, key);
      return toDocument(row);
    });
  } catch (error) {
    await Promise.allSettled([storage.remove(temporaryKey), storage.remove(key)]);
    throw error;
  }
}
