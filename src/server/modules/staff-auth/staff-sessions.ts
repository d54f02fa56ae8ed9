import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TStaffRole } from '../../../shared/staff.js';
import type { Database } from '../../db/client.js';
import { deleteExpiredRows } from '../../db/delete-expired-rows.js';
import { preparedQuery } from '../../db/prepared.js';
import { agencies, schools, staff, staffSessions } from '../../db/schema.js';

/** A staff session ends this long after it began, whatever happens (docs/decisions/017). */
export const STAFF_SESSION_LIFETIME_MS = 8 * 60 * 60_000;
/** ...and this long after its last request. */
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
/**
 * A session's last request is written at most this often: a page that fires a burst of reads
 * writes once, and the idle limit is still kept to within a minute.
 */
const LAST_SEEN_GRANULARITY_MS = 60_000;

/** The staff member a request comes from, with what decides which students they see. */
export interface StaffCaller {
  id: string;
  name: string;
  role: TStaffRole;
  agencyId: number | null;
  schoolId: number | null;
  organisationName: string | null;
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Starts a session for a staff member; answers the secret the cookie carries (never stored). */
export async function startStaffSession(db: Database, staffId: string): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    secretHash: hashOf(secret),
    staffId,
    expiresAt: new Date(Date.now() + STAFF_SESSION_LIFETIME_MS),
  });
  return secret;
}

/** A session by its secret's hash, with its staff member: the read every staff request makes. */
const selectSessionCaller = (db: Database, name: string) =>
  db
    .select({
      id: staff.id,
      name: staff.name,
      role: staff.role,
      agencyId: staff.agencyId,
      schoolId: staff.schoolId,
      organisationName: sql<string | null>`coalesce(${agencies.companyName}, ${schools.name})`,
      demo: staff.demo,
      disabledAt: staff.disabledAt,
      tokensValidAfter: staff.tokensValidAfter,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .leftJoin(agencies, eq(agencies.id, staff.agencyId))
    .leftJoin(schools, eq(schools.id, staff.schoolId))
    .where(eq(staffSessions.secretHash, sql.placeholder('secretHash')))
    .prepare(name);

const markSessionSeen = (db: Database, name: string) =>
  db
    .update(staffSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(staffSessions.secretHash, sql.placeholder('secretHash')))
    .prepare(name);

/**
 * The staff member whose live session the cookie's secret opens, or null: no such session, past
 * its 8 hours or its 30 idle minutes, begun before the account's tokens-valid-after, the account
 * disabled, or a demo account outside demo mode. A session found live is marked seen.
 */
export async function findStaffCaller(
  db: Database,
  secret: string,
  demoMode: boolean,
): Promise<StaffCaller | null> {
  const secretHash = hashOf(secret);
  const now = Date.now();
  const [row] = await preparedQuery(db, 'staff_session_caller', selectSessionCaller).execute({
    secretHash,
  });
  if (!row) return null;
  const live =
    row.expiresAt.getTime() > now &&
    row.lastSeenAt.getTime() + STAFF_SESSION_IDLE_MS > now &&
    !row.disabledAt &&
    (!row.tokensValidAfter || row.createdAt >= row.tokensValidAfter) &&
    (demoMode || !row.demo);
  if (!live) return null;
  if (now - row.lastSeenAt.getTime() >= LAST_SEEN_GRANULARITY_MS) {
    await preparedQuery(db, 'staff_session_seen', markSessionSeen).execute({ secretHash });
  }
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    agencyId: row.agencyId,
    schoolId: row.schoolId,
    organisationName: row.organisationName,
  };
}

/** Sign-out: the session's row goes, so its cookie opens nothing from now on, wherever it is. */
export async function endStaffSession(db: Database, secret: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.secretHash, hashOf(secret)));
}

/**
 * Ends every session of a staff member at once (a disabled account, a new enrolment link). `db`
 * may be the transaction of the change that asked for it.
 */
export async function endEveryStaffSession(db: Database, staffId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** Sessions past their 8 hours; idle ones are refused on read and go when they reach theirs. */
export const pruneStaffSessions = (db: Database): Promise<number> =>
  deleteExpiredRows(db, staffSessions, staffSessions.expiresAt);
