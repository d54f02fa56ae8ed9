import { Readable } from 'node:stream';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { documents, issuedDocuments, moiQuestions, moiSessions, moiVideos } from '../db/schema.js';
import { newStorageKey } from '../storage/file-storage.js';
import { ISSUED_DOCUMENT_KINDS } from '../../shared/issued-documents.js';

/** The smallest file the document check takes as a PDF. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF\n',
);
/** The start of a WebM file (its EBML header), as an interview answer's recording begins. */
export const SMALL_WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

async function store(app: FastifyInstance, namespace: string, bytes: Buffer): Promise<string> {
  const key = newStorageKey(namespace);
  await app.fileStorage.promote(await app.fileStorage.writeTemporary(Readable.from([bytes])), key);
  return key;
}

/** A document the student uploaded: its row and its stored file. Answers its id. */
export async function storeStudentDocument(
  app: FastifyInstance,
  studentId: string,
  fileName = 'bank-statement.pdf',
): Promise<number> {
  const [row] = await app.db
    .insert(documents)
    .values({
      studentId,
      fileName,
      fileType: 'application/pdf',
      fileSize: SMALL_PDF.length,
      storageKey: await store(app, 'documents', SMALL_PDF),
    })
    .returning({ id: documents.id });
  if (!row) throw new Error('the document was not stored');
  return row.id;
}

/** A submitted interview with one recorded answer, to the first question. Answers the video's id. */
export async function storeInterviewAnswer(
  app: FastifyInstance,
  studentId: string,
): Promise<string> {
  const [question] = await app.db.select().from(moiQuestions).orderBy(asc(moiQuestions.position));
  if (!question) throw new Error('no MOI question is seeded');
  const [session] = await app.db
    .insert(moiSessions)
    .values({ studentId, status: 'submitted', submittedAt: new Date() })
    .returning({ id: moiSessions.id });
  if (!session) throw new Error('the interview was not stored');
  const [video] = await app.db
    .insert(moiVideos)
    .values({
      sessionId: session.id,
      questionId: question.id,
      videoIndex: 0,
      storageKey: await store(app, 'moi-videos', SMALL_WEBM),
      sizeBytes: SMALL_WEBM.length,
      contentType: 'video/webm',
    })
    .returning({ id: moiVideos.id });
  if (!video) throw new Error('the recording was not stored');
  return video.id;
}

/** Every file the portal issues a student (the I-20, the acceptance letter, the SEVIS receipt), stored for them. */
export async function storeIssuedDocuments(app: FastifyInstance, studentId: string): Promise<void> {
  for (const kind of ISSUED_DOCUMENT_KINDS) {
    await app.db.insert(issuedDocuments).values({
      studentId,
      kind,
      fileName: `${kind}.pdf`,
      fileType: 'application/pdf',
      fileSize: SMALL_PDF.length,
      storageKey: await store(app, 'issued', SMALL_PDF),
    });
  }
}
