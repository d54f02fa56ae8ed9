import { basename } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { agencies, agents } from '../../db/schema.js';
import { recordAuditEvent } from '../../modules/audit/record-audit-event.js';
import type { AdminCommand } from '../command.js';
import {
  optionalEmail,
  optionalLink,
  optionalText,
  requiredText,
  textList,
} from '../../lib/import-records/columns.js';
import { finishImport } from '../import/finish-import.js';
import { parseImportArgs } from '../import/import-options.js';
import { nameKey } from '../../lib/import-records/records-from-text.js';
import { readRecords } from '../import/read-records.js';
import {
  findRepeats,
  type ImportProblem,
  validateRecords,
  type ValidRow,
} from '../../lib/import-records/validate-records.js';

const ZAgencyRow = z
  .object({
    agency: requiredText,
    agency_phone_number: optionalText,
    agency_public_email: optionalEmail,
    agency_city: optionalText,
    agency_state: optionalText,
    agency_country: optionalText,
    agency_website: optionalLink,
    agency_business_services: textList,
    agency_logo_url: optionalLink,
    agent_first_name: optionalText,
    agent_last_name: optionalText,
    agent_email: optionalEmail,
    agent_phone_number: optionalText,
  })
  .superRefine((row, ctx) => {
    const agentGiven = [
      row.agent_first_name,
      row.agent_last_name,
      row.agent_email,
      row.agent_phone_number,
    ];
    if (agentGiven.every((v) => v === null)) return;
    // Students name their agent by e-mail, so an agent without one could never be given students.
    for (const key of ['agent_first_name', 'agent_last_name', 'agent_email'] as const) {
      if (row[key] === null)
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required for an agent' });
    }
  });
type AgencyRow = z.output<typeof ZAgencyRow>;

const DETAIL_COLUMNS = [
  'agency_phone_number',
  'agency_public_email',
  'agency_city',
  'agency_state',
  'agency_country',
  'agency_website',
  'agency_logo_url',
] as const;

const hasDetails = (r: AgencyRow) =>
  DETAIL_COLUMNS.some((k) => r[k] !== null) || r.agency_business_services.length > 0;

/**
 * An agency's details come from its first row; a later row may repeat them or leave them empty,
 * but not say something else. An agency already in the database keeps its details: rows for it
 * only add agents.
 */
function checkAgencyDetails(rows: ValidRow<AgencyRow>[], existing: Set<string>): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const first = new Map<string, ValidRow<AgencyRow>>();
  for (const row of rows) {
    const key = nameKey(row.value.agency);
    if (existing.has(key)) {
      if (hasDetails(row.value)) {
        problems.push({
          line: row.line,
          message: `the agency "${row.value.agency}" already exists; leave its agency_ columns empty to add agents to it`,
        });
      }
      continue;
    }
    const head = first.get(key);
    if (!head) {
      first.set(key, row);
      continue;
    }
    for (const column of DETAIL_COLUMNS) {
      const value = row.value[column];
      if (value !== null && value !== head.value[column]) {
        problems.push({ line: row.line, message: `${column} differs from line ${head.line}` });
      }
    }
  }
  return problems;
}

function agencyIdOf(ids: Map<string, number>, name: string): number {
  const id = ids.get(nameKey(name));
  if (id === undefined) throw new Error(`import: no agency row for ${name}`);
  return id;
}

const NAME = 'import-agencies';

export const importAgencies: AdminCommand = {
  name: NAME,
  summary: 'add agencies and their agents from a CSV or JSON file',
  help: `Usage: npm run admin -- ${NAME} <file.csv|file.json> [--dry-run]

Adds agencies and agents, all or none. One row per agent; rows with the same agency name
belong to one agency (its details from the first row), and a row with no agent columns adds
just the agency. Columns (docs/operations.md, "Import files"):
  agency (required), agency_phone_number, agency_public_email, agency_city, agency_state,
  agency_country, agency_website, agency_logo_url, agency_business_services (separated by ;),
  agent_first_name, agent_last_name, agent_email (these three required for an agent; the
  e-mail is how a student row names its agent, so it is unique), agent_phone_number
An agency already in the database is reused: its rows add agents and must leave agency_
columns empty.

Options:
  --dry-run  check every row and report each bad one by line; write nothing

Example: npm run admin -- ${NAME} agents.csv`,
  async prepare(argv) {
    const { file, dryRun } = parseImportArgs(NAME, argv);
    const source = await readRecords(file);
    return async (ctx) => {
      const { rows, problems } = validateRecords(source, ZAgencyRow);
      const knownAgencies = await ctx.db
        .select({ id: agencies.id, name: agencies.companyName })
        .from(agencies);
      const agencyIds = new Map(knownAgencies.map((a) => [nameKey(a.name), a.id]));
      problems.push(...checkAgencyDetails(rows, new Set(agencyIds.keys())));
      problems.push(...findRepeats(rows, (r) => r.agent_email, 'the agent e-mail'));
      const takenEmails = new Set(
        (await ctx.db.select({ email: sql<string>`lower(${agents.email})` }).from(agents)).map(
          (a) => a.email,
        ),
      );
      for (const row of rows) {
        const email = row.value.agent_email;
        if (email !== null && takenEmails.has(email)) {
          problems.push({
            line: row.line,
            message: `an agent with the e-mail "${email}" already exists`,
          });
        }
      }
      // Each new agency once, with its first row's details (checkAgencyDetails).
      const firstRows = new Map<string, AgencyRow>();
      for (const { value } of rows) {
        const key = nameKey(value.agency);
        if (!agencyIds.has(key) && !firstRows.has(key)) firstRows.set(key, value);
      }
      const newAgencies = [...firstRows.values()];
      const agentRows = rows.filter((r) => r.value.agent_email !== null);
      await finishImport(ctx, {
        file,
        dryRun,
        problems,
        summary: `${newAgencies.length} new ${newAgencies.length === 1 ? 'agency' : 'agencies'} and ${agentRows.length} ${agentRows.length === 1 ? 'agent' : 'agents'}`,
        async apply(tx) {
          const ids = new Map(agencyIds);
          const report: string[] = [];
          const added: { agencies: unknown[]; agents: unknown[] } = { agencies: [], agents: [] };
          if (newAgencies.length > 0) {
            const inserted = await tx
              .insert(agencies)
              .values(
                newAgencies.map((a) => ({
                  companyName: a.agency,
                  phoneNumber: a.agency_phone_number,
                  publicEmail: a.agency_public_email,
                  city: a.agency_city,
                  state: a.agency_state,
                  country: a.agency_country,
                  website: a.agency_website,
                  logoUrl: a.agency_logo_url,
                  businessServices: a.agency_business_services,
                })),
              )
              .returning({ id: agencies.id, name: agencies.companyName });
            for (const a of inserted) {
              ids.set(nameKey(a.name), a.id);
              report.push(`  agency ${a.id}  ${a.name}`);
            }
            added.agencies = inserted;
          }
          if (agentRows.length > 0) {
            const inserted = await tx
              .insert(agents)
              .values(
                agentRows.map(({ value: r }) => ({
                  agencyId: agencyIdOf(ids, r.agency),
                  // The row rules require both names for an agent (ZAgencyRow).
                  firstName: r.agent_first_name ?? '',
                  lastName: r.agent_last_name ?? '',
                  email: r.agent_email,
                  phoneNumber: r.agent_phone_number,
                })),
              )
              .returning({ id: agents.id, agencyId: agents.agencyId, email: agents.email });
            for (const a of inserted) report.push(`  agent ${a.id}  ${a.email ?? ''}`);
            added.agents = inserted;
          }
          await recordAuditEvent(
            tx,
            { actor: 'command-line' },
            { action: 'agencies.import', details: { file: basename(file), ...added } },
          );
          return report;
        },
      });
    };
  },
};
