import type { Multipart, MultipartFile } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  I20_MESSAGES,
  I20_UPLOAD_FIELDS,
  MAX_I20_BYTES,
  OWN_I20_LINK,
} from '../../../shared/issued-documents.js';
import type { TStaffRecordVersion } from '../../../shared/staff-student-changes.js';
import type { Database } from '../../db/client.js';
import { issuedDocuments } from '../../db/schema.js';
import { detectDocumentType, SIGNATURE_LENGTH } from '../../lib/detect-document-type.js';
import { HttpError } from '../../lib/http-error.js';
import { inspectUpload } from '../../lib/inspect-upload.js';
import { type FileStorage, newStorageKey } from '../../storage/file-storage.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';
import {
  type RecordChangeRequest,
  requireVersion,
  saveRecordChange,
} from '../student-records/save-record-change.js';

const PDF = 'application/pdf';

/** A PDF by its first bytes, up to 10 MB; anything else is refused before it is stored. */
const I20_UPLOAD_RULES = {
  headLength: SIGNATURE_LENGTH,
  detect: (head: Uint8Array) => (detectDocumentType(head) === PDF ? PDF : null),
  maxBytes: MAX_I20_BYTES,
  messages: I20_MESSAGES,
};

/** A day as the contract's dates are (YYYY-MM-DD, one that exists), as the SEVIS date is read. */
const isCalendarDate = (value: string) => z.iso.date().safeParse(value).success;

interface UploadDeps {
  db: Database;
  storage: FileStorage;
}

/** The multipart's `issuedOn` field, then its file: the date must come first. */
async function readParts(
  parts: AsyncIterable<Multipart>,
): Promise<{ issuedOn: string; file: MultipartFile }> {
  let issuedOn: string | null = null;
  for await (const part of parts) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value.trim() : '';
      if (
        part.fieldname !== I20_UPLOAD_FIELDS.issuedOn ||
        part.valueTruncated ||
        !isCalendarDate(value)
      )
        throw new HttpError(400, I20_MESSAGES.noDate);
      issuedOn = value;
      continue;
    }
    if (part.fieldname !== I20_UPLOAD_FIELDS.file)
      throw new HttpError(400, `Unexpected file field "${part.fieldname.slice(0, 40)}".`);
    if (issuedOn === null) throw new HttpError(400, I20_MESSAGES.noDate);
    return { issuedOn, file: part };
  }
  throw new HttpError(400, I20_MESSAGES.noFile);
}

/**
 * Issues the student's I-20 from its uploaded PDF. The student must be in the caller's scope
 * and the version named before a byte is read; the file streams through the content checks to a
 * temporary key; then, in one transaction with the version checked again, the file's row takes
 * its place (replacing an earlier one), the record says issued on that day with the portal's own
 * download as its link, and the audit row names the file. An earlier file is removed after.
 */
export async function uploadI20(
  { db, storage }: UploadDeps,
  request: RecordChangeRequest,
  parts: AsyncIterable<Multipart>,
): Promise<TStaffRecordVersion> {
  requireVersion(request.ifMatch);
  await requireStudentInScope(db, request.caller, request.studentId);
  const { issuedOn, file } = await readParts(parts);
  const inspected = inspectUpload(file.file, I20_UPLOAD_RULES);
  const temporaryKey = await storage.writeTemporary(inspected.chunks);
  const { size } = inspected.result();
  const key = newStorageKey('issued');
  // Set inside the transaction: the earlier file's key, removed once the new one is committed.
  const replaced: { key: string | null } = { key: null };
  try {
    const saved = await saveRecordChange(db, request, async (tx) => {
      const [earlier] = await tx
        .delete(issuedDocuments)
        .where(
          and(eq(issuedDocuments.studentId, request.studentId), eq(issuedDocuments.kind, 'i20')),
        )
        .returning({ storageKey: issuedDocuments.storageKey });
      replaced.key = earlier?.storageKey ?? null;
      const fileName = `I-20 ${issuedOn}.pdf`;
      await tx.insert(issuedDocuments).values({
        studentId: request.studentId,
        kind: 'i20',
        fileName,
        fileType: PDF,
        fileSize: size,
        storageKey: key,
        uploadedBy: request.by.actor === 'staff' ? request.by.staffId : null,
      });
      await storage.promote(temporaryKey, key);
      return {
        columns: { i20Issued: true, i20IssuedOn: issuedOn, i20DocumentUrl: OWN_I20_LINK },
        applicationStatuses: [],
        auditDetails: { i20File: { fileName, size } },
      };
    });
    // The earlier file is reachable from no row now; one that cannot be removed is wasted space.
    if (replaced.key) await storage.remove(replaced.key).catch(() => undefined);
    return saved;
  } catch (error) {
    await Promise.allSettled([storage.remove(temporaryKey), storage.remove(key)]);
    throw error;
  }
}
