import { eq } from 'drizzle-orm';
import type { TCreateStaffRequest, TEnrolmentLinkResponse } from '../../../shared/staff-team.js';
import type { Database } from '../../db/client.js';
import { agencies, schools, staff } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import { HttpError } from '../../lib/http-error.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { sealParams } from '../notifications/sealed-params.js';
import { issueEnrolmentLink } from './enrolment-links.js';
import { findStaffAccount } from './list-staff-accounts.js';

export const STAFF_EMAIL_TAKEN = 'A staff account with this e-mail address already exists.';

/** The organisation a new account belongs to, as its role requires, or a 400 saying what is off. */
async function organisationOf(
  db: Database,
  { role, agencyId, schoolId }: TCreateStaffRequest,
): Promise<{ agencyId: number | null; schoolId: number | null }> {
  switch (role) {
    case 'admin':
      if (agencyId !== undefined || schoolId !== undefined)
        throw new HttpError(400, 'An administrator belongs to no agency or school.');
      return { agencyId: null, schoolId: null };
    case 'agent': {
      if (schoolId !== undefined)
        throw new HttpError(400, 'An agent belongs to an agency, not to a school.');
      if (agencyId === undefined) throw new HttpError(400, "Choose the agent's agency.");
      const [agency] = await db
        .select({ id: agencies.id })
        .from(agencies)
        .where(eq(agencies.id, agencyId));
      if (!agency) throw new HttpError(400, 'No agency with this id.');
      return { agencyId, schoolId: null };
    }
    case 'school': {
      if (agencyId !== undefined)
        throw new HttpError(400, 'A school officer belongs to a school, not to an agency.');
      if (schoolId === undefined) throw new HttpError(400, "Choose the school officer's school.");
      const [school] = await db
        .select({ id: schools.id })
        .from(schools)
        .where(eq(schools.id, schoolId));
      if (!school) throw new HttpError(400, 'No school with this id.');
      return { agencyId: null, schoolId };
    }
  }
}

/**
 * Creates a staff account with its first enrolment link, the audit row and the e-mail that sends
 * the link to the account's address, in one transaction.
 * An e-mail address another account has (in any case) is a 409 (STAFF_EMAIL_TAKEN). Used by the
 * team page and by the command line's `create-staff` (for the first administrator).
 */
export async function createStaffAccount(
  db: Database,
  keys: DataKeys,
  publicOrigin: string,
  by: AuditActorRef,
  request: TCreateStaffRequest,
): Promise<TEnrolmentLinkResponse> {
  return db.transaction(async (tx) => {
    const organisation = await organisationOf(tx, request);
    const [created] = await tx
      .insert(staff)
      .values({ name: request.name, email: request.email, role: request.role, ...organisation })
      // Only the unique index on lower(email) can conflict: the id is new.
      .onConflictDoNothing()
      .returning({ id: staff.id });
    if (!created) throw new HttpError(409, STAFF_EMAIL_TAKEN);
    const link = await issueEnrolmentLink(tx, publicOrigin, created.id);
    await recordAuditEvent(tx, by, {
      action: 'staff.create',
      details: {
        accountId: created.id,
        name: request.name,
        email: request.email,
        role: request.role,
        ...organisation,
        enrolmentLinkExpiresAt: link.expiresAt.toISOString(),
      },
    });
    // The link opens the account: the outbox keeps it sealed until it is sent (sealed-params.ts).
    await recordNotifications(tx, [
      {
        template: 'staff.enrolment',
        to: { staffId: created.id },
        params: sealParams(keys, { link: link.enrolmentUrl }),
      },
    ]);
    return {
      account: await findStaffAccount(tx, created.id),
      enrolmentUrl: link.enrolmentUrl,
      expiresAt: link.expiresAt.toISOString(),
    };
  });
}
