import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { documents, moiSessions, moiVideos } from '../../db/schema.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';

/** A stored upload as the file routes send it; null when the student holds no such file. */
export interface StudentFile {
  storageKey: string;
  type: string;
  size: number;
  name: string;
}

/** One of a student's documents, for a staff member in scope (a 404 for the student otherwise). */
export async function findStudentDocument(
  db: Database,
  caller: StaffCaller,
  studentId: string,
  documentId: number,
): Promise<StudentFile | null> {
  const id = await requireStudentInScope(db, caller, studentId);
  const [found] = await db
    .select({
      storageKey: documents.storageKey,
      type: documents.fileType,
      size: documents.fileSize,
      name: documents.fileName,
    })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.studentId, id)));
  return found ?? null;
}

/** One answer of a student's recorded interview, likewise. */
export async function findStudentInterviewVideo(
  db: Database,
  caller: StaffCaller,
  studentId: string,
  videoId: string,
): Promise<StudentFile | null> {
  const id = await requireStudentInScope(db, caller, studentId);
  const [found] = await db
    .select({
      storageKey: moiVideos.storageKey,
      type: moiVideos.contentType,
      size: moiVideos.sizeBytes,
      index: moiVideos.videoIndex,
    })
    .from(moiVideos)
    .innerJoin(moiSessions, eq(moiSessions.id, moiVideos.sessionId))
    .where(and(eq(moiVideos.id, videoId), eq(moiSessions.studentId, id)));
  return found ? { ...found, name: `answer-${String(found.index + 1)}.webm` } : null;
}
