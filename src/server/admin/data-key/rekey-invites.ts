import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ONBOARDING_DEMO_STUDENT } from '../../db/demo-identities.js';
import { invites, students } from '../../db/schema.js';
import { lookupHash, normaliseInviteCode } from '../../lib/crypto.js';
import { generateInviteCode } from '../../modules/invites/issue-invite.js';
import type { IssuedCode } from '../../modules/student-import/invite-codes.js';
import { qualifiedName } from './keyed-columns.js';
import { type KeyPair, RotationCheckError, type RotationStep } from './rotation-step.js';

/** The one column of invites keyed with DATA_KEY. */
export const REKEYED_INVITE_COLUMN = invites.codeHash;

/** Codes the portal itself publishes (README, start-up banner): they keep working as they are. */
const PUBLISHED_CODES = [ONBOARDING_DEMO_STUDENT.inviteCode];

const selectHashes = (tx: Database) =>
  tx.select({ id: invites.id, codeHash: invites.codeHash }).from(invites).orderBy(invites.id);

/**
 * Invite codes are stored only as keyed hashes and exist nowhere else, so none can be hashed
 * again with the new key. An open invite (not used, revoked or expired, of a student not
 * disabled) gets a new random code, with the same expiry, on the same invite row, so an
 * onboarding under way goes on; the new codes are answered to be handed out. A published demo
 * code is hashed again as it is. A closed invite can never match again: it gets the hash of a
 * random value.
 */
export async function rekeyInvites(
  tx: Database,
  keys: KeyPair,
  now = new Date(),
): Promise<RotationStep & { newCodes: IssuedCode[] }> {
  const rows = await tx
    .select({
      id: invites.id,
      codeHash: invites.codeHash,
      expiresAt: invites.expiresAt,
      usedAt: invites.usedAt,
      revokedAt: invites.revokedAt,
      studentId: students.id,
      email: students.email,
      firstName: students.firstName,
      lastName: students.lastName,
      disabledAt: students.disabledAt,
    })
    .from(invites)
    .innerJoin(students, eq(students.id, invites.studentId))
    .orderBy(invites.id);
  const published = new Map(
    PUBLISHED_CODES.map((code) => [lookupHash(keys.current, normaliseInviteCode(code)), code]),
  );
  const planned = new Map<number, string>();
  const newCodes: IssuedCode[] = [];
  let kept = 0;
  for (const row of rows) {
    const publishedCode = published.get(row.codeHash);
    const open = !row.usedAt && !row.revokedAt && !row.disabledAt && row.expiresAt > now;
    let code: string;
    if (publishedCode !== undefined) {
      code = publishedCode;
      kept += 1;
    } else if (open) {
      code = generateInviteCode();
      const { email, firstName, lastName, expiresAt } = row;
      newCodes.push({ email: email ?? row.studentId, firstName, lastName, code, expiresAt });
    } else {
      code = randomBytes(32).toString('base64url');
    }
    planned.set(row.id, lookupHash(keys.next, normaliseInviteCode(code)));
  }
  const closed = rows.length - kept - newCodes.length;

  return {
    newCodes,
    report: [
      [
        qualifiedName(REKEYED_INVITE_COLUMN),
        rows.length,
        `${newCodes.length} open: new codes; ${kept} published demo code kept; ${closed} used, revoked or expired: match nothing`,
      ],
    ],
    async write(writer) {
      for (const [id, codeHash] of planned) {
        await writer.update(invites).set({ codeHash }).where(eq(invites.id, id));
      }
    },
    async check(reader) {
      for (const row of await selectHashes(reader)) {
        if (planned.get(row.id) !== row.codeHash) {
          throw new RotationCheckError(qualifiedName(REKEYED_INVITE_COLUMN), row.id);
        }
      }
    },
  };
}
