import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import {
  applications,
  documentRequests,
  documents,
  messages,
  moiSessions,
  moiVideos,
  profiles,
  students,
} from '../../db/schema.js';
import { refreshStudentStages, studentsWithIds } from '../../db/student-stages.js';
import type { FileStorage } from '../../storage/file-storage.js';

/** How long a demo visitor's student lives: the pruning removes it once it is older. */
export const DEMO_VISITOR_LIFETIME_MS = 24 * 60 * 60_000;
/** Visitors removed in one transaction, so one run never holds a long lock on many rows. */
const PRUNE_BATCH = 100;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A row without the columns a copy gets anew (its id, its times). */
function without<T extends object, K extends keyof T & string>(
  row: T,
  ...columns: K[]
): Omit<T, K> {
  const dropped = new Set<string>(columns);
  const kept = Object.entries(row).filter(([column]) => !dropped.has(column));
  // The entries of `row` but the dropped ones: Omit<T, K> by construction.
  return Object.fromEntries(kept) as Omit<T, K>;
}

/**
 * The persona's e-mail with a random tag (`priya.sharma+1f2e…@demo…`): students' e-mails are
 * unique, and the passkey step names the passkey after it.
 */
function visitorEmail(personaEmail: string): string {
  const at = personaEmail.lastIndexOf('@');
  const tag = randomBytes(6).toString('hex');
  return `${personaEmail.slice(0, at)}+${tag}${personaEmail.slice(at)}`;
}

/** The persona's applications for the copy, and each original's id beside the copy's. */
async function copyApplications(tx: Transaction, personaId: string, copyId: string) {
  const originals = await tx
    .select()
    .from(applications)
    .where(eq(applications.studentId, personaId))
    .orderBy(asc(applications.id));
  const copyOf = new Map<number, number>();
  for (const original of originals) {
    const [copy] = await tx
      .insert(applications)
      .values({ ...without(original, 'id', 'updatedAt'), studentId: copyId })
      .returning({ id: applications.id });
    if (!copy) throw new Error('an application copy was not created');
    copyOf.set(original.id, copy.id);
  }
  return copyOf;
}

/**
 * The persona's document requests for the copy, on the copy's applications, as asked: files are
 * not copied, so each is requested again, whatever the persona's state.
 */
async function copyDocumentRequests(
  tx: Transaction,
  personaId: string,
  copyId: string,
  applicationCopy: Map<number, number>,
) {
  const originals = await tx
    .select()
    .from(documentRequests)
    .where(eq(documentRequests.studentId, personaId))
    .orderBy(asc(documentRequests.id));
  const copies = originals.flatMap(({ applicationId, ...original }) => {
    const copiedApplication = applicationCopy.get(applicationId);
    if (copiedApplication === undefined) return [];
    return [
      {
        ...without(original, 'id', 'updatedAt', 'state', 'reason'),
        studentId: copyId,
        applicationId: copiedApplication,
      },
    ];
  });
  if (copies.length > 0) await tx.insert(documentRequests).values(copies);
}

/**
 * The persona's messages for the copy, about the copy's applications. Oldest id first, so the
 * message a reply answers is copied before the reply, which then answers the copy's message.
 */
async function copyMessages(
  tx: Transaction,
  personaId: string,
  copyId: string,
  applicationCopy: Map<number, number>,
) {
  const originals = await tx
    .select()
    .from(messages)
    .where(eq(messages.studentId, personaId))
    .orderBy(asc(messages.id));
  const copyOf = new Map<number, number>();
  for (const { applicationId, replyToMessageId, ...original } of originals) {
    const [copy] = await tx
      .insert(messages)
      .values({
        ...without(original, 'id'),
        studentId: copyId,
        applicationId: applicationId === null ? null : (applicationCopy.get(applicationId) ?? null),
        replyToMessageId: replyToMessageId === null ? null : (copyOf.get(replyToMessageId) ?? null),
      })
      .returning({ id: messages.id });
    if (!copy) throw new Error('a message copy was not created');
    copyOf.set(original.id, copy.id);
  }
}

/**
 * A demo login's own student: a fresh copy of the seeded persona with everything the persona
 * shows (the admission record and its statuses, the profile, the applications, the messages
 * about them), marked 'visitor' so the pruning removes it after DEMO_VISITOR_LIFETIME_MS. What
 * one visitor uploads, sends or edits is theirs alone. Passkeys, invites and files are not
 * copied. Answers the copy's id, or null when the persona was not seeded.
 */
export async function copyDemoPersona(db: Database, personaEmail: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [persona] = await tx
      .select()
      .from(students)
      .where(and(eq(students.email, personaEmail), eq(students.demo, 'persona')))
      .limit(1);
    if (!persona) return null;
    const record = without(
      persona,
      'id',
      'createdAt',
      'updatedAt',
      'tokensValidAfter',
      'disabledAt',
    );
    const [copy] = await tx
      .insert(students)
      .values({ ...record, email: visitorEmail(personaEmail), demo: 'visitor' })
      .returning({ id: students.id });
    if (!copy) throw new Error('the demo visitor was not created');
    await refreshStudentStages(tx, studentsWithIds([copy.id]));

    const [profile] = await tx.select().from(profiles).where(eq(profiles.studentId, persona.id));
    if (profile) {
      await tx.insert(profiles).values({ ...without(profile, 'updatedAt'), studentId: copy.id });
    }
    const applicationCopy = await copyApplications(tx, persona.id, copy.id);
    await copyMessages(tx, persona.id, copy.id, applicationCopy);
    await copyDocumentRequests(tx, persona.id, copy.id, applicationCopy);
    return copy.id;
  });
}

/**
 * One batch of expired visitors, deleted with their rows (every table cascades from the
 * student); answers how many went and the storage keys of their files. The students, then their
 * interview sessions, are locked before the files are listed: an upload locks the same row
 * (documents the student's, recordings the session's), so it either committed before and its
 * file is listed here, or it finds its student gone and removes its own file.
 */
async function deleteExpiredVisitors(tx: Transaction) {
  const expired = await tx
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.demo, 'visitor'),
        lt(
          students.createdAt,
          sql`now() - ${`${DEMO_VISITOR_LIFETIME_MS} milliseconds`}::interval`,
        ),
      ),
    )
    .limit(PRUNE_BATCH)
    .for('update');
  const ids = expired.map((row) => row.id);
  if (ids.length === 0) return { removed: 0, storageKeys: [] };
  await tx
    .select({ id: moiSessions.id })
    .from(moiSessions)
    .where(inArray(moiSessions.studentId, ids))
    .for('update');
  const documentFiles = await tx
    .select({ key: documents.storageKey })
    .from(documents)
    .where(inArray(documents.studentId, ids));
  const recordings = await tx
    .select({ key: moiVideos.storageKey })
    .from(moiVideos)
    .innerJoin(moiSessions, eq(moiSessions.id, moiVideos.sessionId))
    .where(inArray(moiSessions.studentId, ids));
  await tx.delete(students).where(inArray(students.id, ids));
  return {
    removed: ids.length,
    storageKeys: [...documentFiles, ...recordings].map((file) => file.key),
  };
}

/**
 * Removes the demo visitors older than DEMO_VISITOR_LIFETIME_MS with everything of theirs: their
 * rows, then the files of their documents and interview recordings. The seeded personas are never
 * removed. A file whose removal fails is logged and is reachable from no row. Answers how many
 * visitors went.
 */
export async function pruneDemoVisitors(deps: {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
}): Promise<number> {
  let total = 0;
  for (;;) {
    const { removed, storageKeys } = await deps.db.transaction(deleteExpiredVisitors);
    for (const storageKey of storageKeys) {
      await deps.storage.remove(storageKey).catch((error: unknown) => {
        deps.log.warn(
          { err: error, storageKey },
          "could not remove an expired demo visitor's file",
        );
      });
    }
    total += removed;
    if (removed < PRUNE_BATCH) return total;
  }
}
