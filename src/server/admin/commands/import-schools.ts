import { basename } from 'node:path';
import { z } from 'zod';
import { schools } from '../../db/schema.js';
import { recordAuditEvent } from '../../modules/audit/record-audit-event.js';
import type { AdminCommand } from '../command.js';
import {
  flag,
  optionalEmail,
  optionalLink,
  optionalText,
  requiredText,
} from '../../lib/import-records/columns.js';
import { finishImport } from '../import/finish-import.js';
import { parseImportArgs } from '../import/import-options.js';
import { nameKey } from '../../lib/import-records/records-from-text.js';
import { readRecords } from '../import/read-records.js';
import { findRepeats, validateRecords } from '../../lib/import-records/validate-records.js';

const ZSchoolRow = z.object({
  name: requiredText,
  require_moi: flag(false),
  logo_url: optionalLink,
  institution_type: optionalText,
  institution_size: optionalText,
  phone_number: optionalText,
  inbound_email_address: optionalEmail,
  whatsapp_number: optionalText,
  address_line_1: optionalText,
  city: optionalText,
  state: optionalText,
  zip_code: optionalText,
  country: optionalText,
  website: optionalLink,
  facebook: optionalText,
  instagram: optionalText,
  twitter: optionalText,
  mission: optionalText,
});

const NAME = 'import-schools';

export const importSchools: AdminCommand = {
  name: NAME,
  summary: 'add schools from a CSV or JSON file',
  help: `Usage: npm run admin -- ${NAME} <file.csv|file.json> [--dry-run]

Adds the schools in the file, all or none. Columns (docs/operations.md, "Import files"):
  name (required, unique), require_moi (yes/no, default no), logo_url, institution_type,
  institution_size, phone_number, inbound_email_address, whatsapp_number, address_line_1,
  city, state, zip_code, country, website, facebook, instagram, twitter, mission
A school whose name is already in the database is a bad row (students name their school).

Options:
  --dry-run  check every row and report each bad one by line; write nothing

Example: npm run admin -- ${NAME} schools.csv --dry-run`,
  async prepare(argv) {
    const { file, dryRun } = parseImportArgs(NAME, argv);
    const source = await readRecords(file);
    return async (ctx) => {
      const { rows, problems } = validateRecords(source, ZSchoolRow);
      problems.push(...findRepeats(rows, (r) => nameKey(r.name), 'the school'));
      const existing = new Set(
        (await ctx.db.select({ name: schools.name }).from(schools)).map((s) => nameKey(s.name)),
      );
      for (const row of rows) {
        if (existing.has(nameKey(row.value.name))) {
          problems.push({
            line: row.line,
            message: `a school named "${row.value.name}" already exists`,
          });
        }
      }
      await finishImport(ctx, {
        file,
        dryRun,
        problems,
        summary: `${rows.length} ${rows.length === 1 ? 'school' : 'schools'}`,
        async apply(tx) {
          const inserted = await tx
            .insert(schools)
            .values(
              rows.map(({ value: r }) => ({
                name: r.name,
                requireMoi: r.require_moi,
                logoUrl: r.logo_url,
                institutionType: r.institution_type,
                institutionSize: r.institution_size,
                phoneNumber: r.phone_number,
                inboundEmailAddress: r.inbound_email_address,
                whatsappNumber: r.whatsapp_number,
                addressLine1: r.address_line_1,
                city: r.city,
                state: r.state,
                zipCode: r.zip_code,
                country: r.country,
                website: r.website,
                facebook: r.facebook,
                instagram: r.instagram,
                twitter: r.twitter,
                mission: r.mission,
              })),
            )
            .returning({ id: schools.id, name: schools.name });
          await recordAuditEvent(
            tx,
            { actor: 'command-line' },
            { action: 'schools.import', details: { file: basename(file), schools: inserted } },
          );
          return inserted.map((s) => `  school ${s.id}  ${s.name}`);
        },
      });
    };
  },
};
