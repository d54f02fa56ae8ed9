import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { TStaffAccount } from '../../../shared/staff-team.js';
import type { Database } from '../../db/client.js';
import {
  agencies,
  schools,
  staff,
  staffEnrolmentLinks,
  staffPasskeyCredentials,
} from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';

export const STAFF_ACCOUNT_NOT_FOUND = 'No staff account with this id.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function selectStaffAccounts(db: Database, where?: SQL): Promise<TStaffAccount[]> {
  const rows = await db
    .select({
      id: staff.id,
      name: staff.name,
      email: staff.email,
      role: staff.role,
      organisationName: sql<string | null>`coalesce(${agencies.companyName}, ${schools.name})`,
      disabledAt: staff.disabledAt,
      enrolled: sql<boolean>`exists (select 1 from ${staffPasskeyCredentials} where ${staffPasskeyCredentials.staffId} = ${staff.id})`,
      // Issuing a link deletes the older unused ones, so there is one open link at most.
      enrolmentLinkExpiresAt:
        sql`(select max(${staffEnrolmentLinks.expiresAt}) from ${staffEnrolmentLinks}
        where ${staffEnrolmentLinks.staffId} = ${staff.id} and ${staffEnrolmentLinks.usedAt} is null
          and ${staffEnrolmentLinks.expiresAt} > now())`.mapWith(staffEnrolmentLinks.expiresAt),
      createdAt: staff.createdAt,
    })
    .from(staff)
    .leftJoin(agencies, eq(agencies.id, staff.agencyId))
    .leftJoin(schools, eq(schools.id, staff.schoolId))
    .where(where)
    .orderBy(asc(sql`lower(${staff.name})`), asc(staff.id));
  return rows.map(({ disabledAt, enrolmentLinkExpiresAt, createdAt, ...row }) => ({
    ...row,
    disabled: disabledAt !== null,
    // A subquery's null is not decoded: the column's type says Date, the row may hold null.
    enrolmentLinkExpiresAt: (enrolmentLinkExpiresAt as Date | null)?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
  }));
}

/** Every staff account, by name, as the team page lists them. */
export const listStaffAccounts = (db: Database): Promise<TStaffAccount[]> =>
  selectStaffAccounts(db);

/** One account as the team page shows it, or a 404 for an id that names none. */
export async function findStaffAccount(db: Database, id: string): Promise<TStaffAccount> {
  const [account] = UUID.test(id) ? await selectStaffAccounts(db, eq(staff.id, id)) : [];
  if (!account) throw new HttpError(404, STAFF_ACCOUNT_NOT_FOUND);
  return account;
}
