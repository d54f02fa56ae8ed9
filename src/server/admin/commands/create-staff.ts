import { STAFF_ROLES } from '../../../shared/staff.js';
import { ZCreateStaffRequestSchema } from '../../../shared/staff-team.js';
import { HttpError } from '../../lib/http-error.js';
import { createStaffAccount } from '../../modules/staff-accounts/create-staff-account.js';
import { AdminError, UsageError } from '../admin-error.js';
import type { AdminCommand } from '../command.js';
import { integerOption, parseOptions } from '../parse-options.js';
import { shown } from '../terminal-text.js';

const NAME = 'create-staff';
const ORGANISATION_ID = { min: 1, max: 2_147_483_647, fallback: 0 };

export const createStaff: AdminCommand = {
  name: NAME,
  summary: 'create a staff console account (the first administrator) and print its enrolment link',
  help: `Usage: npm run admin -- ${NAME} --name <name> --email <e-mail> --role <role>
         [--agency <agency id>] [--school <school id>]

Creates an account of the staff console and prints its enrolment link, once: give it to the
person (by a channel you trust) to register a passkey at /staff/enrol within 72 hours; the link
works once. Administrators create every other account in the console (/staff/team); this is for
the first one. Recorded in the audit log as done from the command line.
  --role <role>         ${STAFF_ROLES.join(', ')} (administrator, agent, school officer)
  --agency <id>         an agent's agency (required for an agent)
  --school <id>         a school officer's school (required for a school officer)

Example: npm run admin -- ${NAME} --name "Grace Liu" --email grace@consultancy.example --role admin`,
  prepare(argv) {
    const { values } = parseOptions(NAME, argv, {
      name: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      agency: { type: 'string' },
      school: { type: 'string' },
    });
    const organisation = (option: 'agency' | 'school') =>
      values[option] === undefined
        ? undefined
        : integerOption(NAME, option, values[option], ORGANISATION_ID);
    const parsed = ZCreateStaffRequestSchema.safeParse({
      name: values.name ?? '',
      email: values.email ?? '',
      role: values.role,
      agencyId: organisation('agency'),
      schoolId: organisation('school'),
    });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const option = String(issue?.path[0] ?? '').replace('Id', '');
      throw new UsageError(
        option === 'role'
          ? `${NAME}: --role must be one of ${STAFF_ROLES.join(', ')}`
          : `${NAME}: --${option}: ${issue?.message ?? 'invalid'}`,
      );
    }
    return async (ctx) => {
      const created = await createStaffAccount(
        ctx.db,
        ctx.keys,
        ctx.config.publicOrigin,
        { actor: 'command-line' },
        parsed.data,
      ).catch((error: unknown) => {
        // The refusals the team page shows (a taken e-mail, an unknown agency) are the operator's.
        if (error instanceof HttpError && error.statusCode < 500)
          throw new AdminError(error.message);
        throw error;
      });
      const { account } = created;
      ctx.io.out(
        `Created ${shown(`${account.name} <${account.email}>`)} (${account.id}), ${account.role}` +
          (account.organisationName ? ` of ${shown(account.organisationName)}.` : '.'),
      );
      ctx.io.out(`Enrolment link (shown this once): ${created.enrolmentUrl}`);
      ctx.io.out(`It can be used once, until ${created.expiresAt}.`);
    };
  },
};
