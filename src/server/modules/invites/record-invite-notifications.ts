import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifications, schools, students } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import { sealParams } from '../notifications/sealed-params.js';
import { NOTIFICATION_TEMPLATES } from '../notifications/templates.js';

/** An invite just issued, with its code: answered once, and stored nowhere but sealed here. */
export interface InviteToSend {
  studentId: string;
  code: string;
  expiresAt: Date;
}

const { category } = NOTIFICATION_TEMPLATES.invite;

/**
 * The student's first e-mail, in the transaction that issues their invite: the code, their
 * school and where to start. The code is a credential, so the outbox row keeps it sealed under
 * DATA_KEY and erases it once the e-mail is sent (sealed-params.ts). Only students with an address
 * get one. One statement for any number of invites (an import issues thousands), the invites as
 * one JSON parameter.
 */
export async function recordInviteNotifications(
  tx: Database,
  keys: DataKeys,
  invites: readonly InviteToSend[],
): Promise<void> {
  if (invites.length === 0) return;
  const rows = invites.map((invite) => ({
    student_id: invite.studentId,
    expires_on: invite.expiresAt.toISOString().slice(0, 10),
    sealed: sealParams(keys, { code: invite.code }),
  }));
  await tx.execute(sql`
    insert into ${notifications} (channel, category, template, student_id, params)
    select 'email', ${category}, 'invite', s.id,
      jsonb_strip_nulls(jsonb_build_object('school', sc.name, 'expiresOn', i.expires_on))
        || i.sealed
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as i(student_id uuid, expires_on text, sealed jsonb)
    join ${students} s on s.id = i.student_id
    left join ${schools} sc on sc.id = s.school_id
    where s.email is not null`);
}
