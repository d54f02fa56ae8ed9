import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ENROLMENT_LINK_LIFETIME_HOURS } from '../../../shared/staff-team.js';
import type { Database } from '../../db/client.js';
import { deleteExpiredRows } from '../../db/delete-expired-rows.js';
import { staff, staffEnrolmentLinks } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';

export const ENROLMENT_LINK_GONE =
  'This enrolment link has expired or was already used. Ask an administrator for a new one.';

const ENROLMENT_LINK_LIFETIME_MS = ENROLMENT_LINK_LIFETIME_HOURS * 60 * 60_000;

/**
 * The token is 32 random bytes, so a plain SHA-256 is as good as a keyed hash against a leaked
 * table, and unlike a hash under DATA_KEY it survives a key rotation.
 */
const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The token travels in the address's fragment: a browser sends no fragment to any server, so the
 * token stays out of Referer headers and access logs; the enrolment page reads it from there.
 */
export const enrolmentUrlFor = (publicOrigin: string, token: string): string =>
  `${publicOrigin}/staff/enrol#token=${token}`;

export interface IssuedEnrolmentLink {
  /** Shown once, to whoever hands it over; only its token's hash is stored. */
  enrolmentUrl: string;
  expiresAt: Date;
}

/**
 * Issues an enrolment link for a staff member, and deletes their unused older ones: only the
 * newest link of an account opens an enrolment. `db` is the transaction of the change it belongs
 * to (a new account, a recovery), which writes its audit row.
 */
export async function issueEnrolmentLink(
  db: Database,
  publicOrigin: string,
  staffId: string,
): Promise<IssuedEnrolmentLink> {
  await db
    .delete(staffEnrolmentLinks)
    .where(and(eq(staffEnrolmentLinks.staffId, staffId), isNull(staffEnrolmentLinks.usedAt)));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ENROLMENT_LINK_LIFETIME_MS);
  await db
    .insert(staffEnrolmentLinks)
    .values({ staffId, tokenHash: tokenHashOf(token), expiresAt });
  return { enrolmentUrl: enrolmentUrlFor(publicOrigin, token), expiresAt };
}

/** An enrolment link that still opens an enrolment, with the account it is for. */
export interface OpenEnrolmentLink {
  id: string;
  staffId: string;
  name: string;
  email: string;
}

const isOpen = () =>
  and(
    isNull(staffEnrolmentLinks.usedAt),
    gt(staffEnrolmentLinks.expiresAt, sql`now()`),
    isNull(staff.disabledAt),
  );

/**
 * The open link of this token, or a 410 (ENROLMENT_LINK_GONE) for one that is unknown, used,
 * expired, replaced by a newer link, or of a disabled account: the caller is not told which.
 */
export async function findOpenEnrolmentLink(
  db: Database,
  token: string,
): Promise<OpenEnrolmentLink> {
  const [link] = await db
    .select({
      id: staffEnrolmentLinks.id,
      staffId: staff.id,
      name: staff.name,
      email: staff.email,
    })
    .from(staffEnrolmentLinks)
    .innerJoin(staff, eq(staff.id, staffEnrolmentLinks.staffId))
    .where(and(eq(staffEnrolmentLinks.tokenHash, tokenHashOf(token)), isOpen()));
  if (!link) throw new HttpError(410, ENROLMENT_LINK_GONE);
  return link;
}

/**
 * Uses the link up, in the transaction that stores its passkey. The update holds the row's lock,
 * so of two enrolments racing on one link only the first gets through; the other gets the 410.
 */
export async function useEnrolmentLink(db: Database, link: OpenEnrolmentLink): Promise<void> {
  const used = await db
    .update(staffEnrolmentLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffEnrolmentLinks.id, link.id),
        isNull(staffEnrolmentLinks.usedAt),
        gt(staffEnrolmentLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: staffEnrolmentLinks.id });
  if (used.length === 0) throw new HttpError(410, ENROLMENT_LINK_GONE);
}

/** Links past their 72 hours open nothing, used or not. */
export const pruneEnrolmentLinks = (db: Database): Promise<number> =>
  deleteExpiredRows(db, staffEnrolmentLinks, staffEnrolmentLinks.expiresAt);
