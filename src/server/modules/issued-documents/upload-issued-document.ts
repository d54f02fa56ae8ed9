import type { Multipart, MultipartFile } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ISSUED_DOCUMENT_FILE_FIELD,
  ISSUED_DOCUMENTS,
  type IssuedDocumentRules,
  MAX_ISSUED_DOCUMENT_BYTES,
  OWN_ACCEPTANCE_LETTER_LINK,
  OWN_I20_LINK,
  type TIssuedDocumentKind,
} from '../../../shared/issued-documents.js';
import type { TStaffRecordVersion } from '../../../shared/staff-student-changes.js';
import type { Database } from '../../db/client.js';
import { issuedDocuments } from '../../db/schema.js';
import { detectDocumentType, SIGNATURE_LENGTH } from '../../lib/detect-document-type.js';
import { HttpError } from '../../lib/http-error.js';
import { inspectUpload } from '../../lib/inspect-upload.js';
import { type FileStorage, newStorageKey } from '../../storage/file-storage.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';
import type { StudentColumnChanges } from '../student-records/change-student-record.js';
import {
  type RecordChangeRequest,
  requireVersion,
  saveRecordChange,
} from '../student-records/save-record-change.js';

const PDF = 'application/pdf';

/** A PDF by its first bytes, up to 10 MB; anything else is refused before it is stored. */
const uploadRules = (rules: IssuedDocumentRules) => ({
  headLength: SIGNATURE_LENGTH,
  detect: (head: Uint8Array) => (detectDocumentType(head) === PDF ? PDF : null),
  maxBytes: MAX_ISSUED_DOCUMENT_BYTES,
  messages: rules.messages,
});

/** What each file, once stored, says on the record: the day it names (null for none). */
const RECORD_COLUMNS: Record<TIssuedDocumentKind, (day: string | null) => StudentColumnChanges> = {
  i20: (day) => ({ i20Issued: true, i20IssuedOn: day, i20DocumentUrl: OWN_I20_LINK }),
  'acceptance-letter': () => ({ acceptanceLetterUrl: OWN_ACCEPTANCE_LETTER_LINK }),
  'sevis-receipt': (day) => ({ sevisPaid: true, sevisPaidOn: day }),
};

/** A day as the contract's dates are (YYYY-MM-DD, one that exists), as the SEVIS date is read. */
const isCalendarDate = (value: string) => z.iso.date().safeParse(value).success;

interface UploadDeps {
  db: Database;
  storage: FileStorage;
}

/** The multipart's day field (when the kind names one), then its file: the day must come first. */
async function readParts(
  parts: AsyncIterable<Multipart>,
  rules: IssuedDocumentRules,
): Promise<{ day: string | null; file: MultipartFile }> {
  let day: string | null = null;
  for await (const part of parts) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value.trim() : '';
      if (
        rules.dateField === null ||
        part.fieldname !== rules.dateField ||
        part.valueTruncated ||
        !isCalendarDate(value)
      )
        throw new HttpError(400, rules.messages.noDate);
      day = value;
      continue;
    }
    if (part.fieldname !== ISSUED_DOCUMENT_FILE_FIELD)
      throw new HttpError(400, `Unexpected file field "${part.fieldname.slice(0, 40)}".`);
    if (rules.dateField !== null && day === null) throw new HttpError(400, rules.messages.noDate);
    return { day, file: part };
  }
  throw new HttpError(400, rules.messages.noFile);
}

const fileNameOf = (rules: IssuedDocumentRules, day: string | null) =>
  `${rules.title.charAt(0).toUpperCase()}${rules.title.slice(1)}${day ? ` ${day}` : ''}.pdf`;

/**
 * Stores a file issued to the student (the I-20, the acceptance letter, the SEVIS fee's receipt)
 * and says so on the record. The student must be in the caller's scope and the version named
 * before a byte is read; the file streams through the content checks to a temporary key; then,
 * in one transaction with the version checked again, the file's row takes its place (replacing an
 * earlier one of its kind), the record changes as the kind says (RECORD_COLUMNS), and the audit
 * row names the file. An earlier file is removed after.
 */
export async function uploadIssuedDocument(
  { db, storage }: UploadDeps,
  kind: TIssuedDocumentKind,
  request: RecordChangeRequest,
  parts: AsyncIterable<Multipart>,
): Promise<TStaffRecordVersion> {
  const rules = ISSUED_DOCUMENTS[kind];
  requireVersion(request.ifMatch);
  await requireStudentInScope(db, request.caller, request.studentId);
  const { day, file } = await readParts(parts, rules);
  const inspected = inspectUpload(file.file, uploadRules(rules));
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
          and(eq(issuedDocuments.studentId, request.studentId), eq(issuedDocuments.kind, kind)),
        )
        .returning({ storageKey: issuedDocuments.storageKey });
      replaced.key = earlier?.storageKey ?? null;
      const fileName = fileNameOf(rules, day);
      await tx.insert(issuedDocuments).values({
        studentId: request.studentId,
        kind,
        fileName,
        fileType: PDF,
        fileSize: size,
        storageKey: key,
        uploadedBy: request.by.actor === 'staff' ? request.by.staffId : null,
      });
      await storage.promote(temporaryKey, key);
      return {
        columns: RECORD_COLUMNS[kind](day),
        applicationStatuses: [],
        auditDetails: { issuedFile: { kind, fileName, size } },
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
