import { INVITE_VALID_DAYS, issueInvite } from '../../modules/invites/issue-invite.js';
import { recordAuditEvent } from '../../modules/audit/record-audit-event.js';
import type { AdminCommand } from '../command.js';
import { describeStudent, findStudent } from '../find-student.js';
import { integerOption, parseOptions } from '../parse-options.js';

const NAME = 'revoke-access';

export const revokeAccess: AdminCommand = {
  name: NAME,
  summary: "end a student's sessions and passkeys (lost device, takeover) and issue a new invite",
  help: `Usage: npm run admin -- ${NAME} <student id or e-mail> [--invite-days <n>]

For a lost device or a suspected takeover, in one transaction (with its row in the audit log):
  - every session of the student, on every device, is refused from now on;
  - every passkey of theirs is deleted (each with a 'revoked' audit row);
  - their open invite codes are revoked and their identity check is reset;
  - a new invite code is printed, once: give it to the student (by a channel you trust) to
    onboard again with their passport number and birth date, a new identity check and a new
    passkey.
This is the portal's account recovery (the same code path as a new invite).
  --invite-days <n>  days the new code can be used, 1 to 365 (default ${INVITE_VALID_DAYS})`,
  prepare(argv) {
    const { values, positionals } = parseOptions(
      NAME,
      argv,
      { 'invite-days': { type: 'string' } },
      ['<student id or e-mail>'],
    );
    const validForDays = integerOption(NAME, 'invite-days', values['invite-days'], {
      min: 1,
      max: 365,
      fallback: INVITE_VALID_DAYS,
    });
    return async (ctx) => {
      const student = await findStudent(ctx.db, positionals[0] ?? '');
      const issued = await ctx.db.transaction(async (tx) => {
        const invite = await issueInvite(tx, ctx.keys, { studentId: student.id, validForDays });
        await recordAuditEvent(
          tx,
          { actor: 'command-line' },
          {
            action: 'access.revoke',
            studentId: student.id,
            details: {
              revokedPasskeys: invite.revokedPasskeys,
              inviteExpiresAt: invite.expiresAt.toISOString(),
            },
          },
        );
        return invite;
      });
      ctx.io.out(
        `Revoked every session and ${issued.revokedPasskeys} passkeys of ${describeStudent(student)}.`,
      );
      ctx.io.out(`New invite code (shown this once): ${issued.code}`);
      ctx.io.out(`It can be used until ${issued.expiresAt.toISOString()}.`);
    };
  },
};
