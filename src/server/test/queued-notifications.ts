import { eq, isNotNull } from 'drizzle-orm';
import { type DatabaseLocation, openDatabase } from '../db/client.js';
import { notifications, students } from '../db/schema.js';
import type { ReceivedMail } from './smtp-receiver.js';

const INSERT_BATCH = 1_000;

/**
 * Opens the database at `location` for one task and closes it. PGlite is one process's database:
 * call it while no server runs on it.
 */
export async function withDatabase<T>(
  location: DatabaseLocation,
  task: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>,
): Promise<T> {
  const database = openDatabase(location, () => undefined);
  try {
    return await task(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Writes `count` queued e-mail notifications straight into the outbox, as changes would have
 * written them, spread over the seeded students that have an address; answers their ids.
 */
export function queueNotifications(location: DatabaseLocation, count: number): Promise<string[]> {
  return withDatabase(location, async (db) => {
    const recipients = await db
      .select({ id: students.id })
      .from(students)
      .where(isNotNull(students.email));
    if (recipients.length === 0) throw new Error('the seed has students with e-mail addresses');
    const ids: string[] = [];
    for (let written = 0; written < count; written += INSERT_BATCH) {
      const rows = Array.from({ length: Math.min(INSERT_BATCH, count - written) }, (_, i) => ({
        channel: 'email' as const,
        category: 'messages' as const,
        template: 'message.new',
        studentId: recipients[(written + i) % recipients.length]?.id ?? null,
        params: { office: 'Graduate Admissions Office' },
      }));
      const inserted = await db
        .insert(notifications)
        .values(rows)
        .returning({ id: notifications.id });
      ids.push(...inserted.map((row) => row.id));
    }
    return ids;
  });
}

/** The ids, of those given, whose notification is marked sent. */
export function sentNotifications(location: DatabaseLocation, ids: string[]): Promise<Set<string>> {
  return withDatabase(location, async (db) => {
    const rows = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.state, 'sent'));
    const asked = new Set(ids);
    return new Set(rows.map((row) => row.id).filter((id) => asked.has(id)));
  });
}

/** How many times each notification arrived, by the id in its Message-ID (`<id@host>`). */
export function arrivalsById(received: readonly ReceivedMail[]): Map<string, number> {
  const arrivals = new Map<string, number>();
  for (const mail of received) {
    const id = /^<([^@>]+)@/.exec(mail.parsed.messageId ?? '')?.[1];
    if (id) arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
  }
  return arrivals;
}

/** The ids that arrived more than once. */
export function duplicates(arrivals: ReadonlyMap<string, number>): string[] {
  return [...arrivals].filter(([, times]) => times > 1).map(([id]) => id);
}
