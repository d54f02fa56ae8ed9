import { basename } from 'node:path';
import { INVITE_VALID_DAYS } from '../../modules/invites/issue-invite.js';
import type { AdminCommand } from '../command.js';
import { finishImport } from '../import/finish-import.js';
import { readRecords } from '../import/read-records.js';
import { checkStudentImport } from '../../modules/student-import/check-student-import.js';
import { writeStudentImport } from '../../modules/student-import/write-student-import.js';
import { integerOption, parseOptions } from '../parse-options.js';
import { type IssuedCode, inviteCodesCsv } from '../../modules/student-import/invite-codes.js';
import { inviteCodeLines } from '../invite-code-lines.js';
import { createNewFile } from '../output-file.js';

const NAME = 'import-students';

export const importStudents: AdminCommand = {
  name: NAME,
  summary: 'add students (and their applications) and give each an invite code',
  help: `Usage: npm run admin -- ${NAME} <students.csv|.json> [--applications <file>] [options]

Adds new students, all or none, and gives each a random invite code (140 bits, shown once:
only its keyed hash is stored) to onboard with. Columns (docs/operations.md, "Import files"):
  students:     first_name, last_name, email (unique), passport_number, date_of_birth
                (YYYY-MM-DD), school (a school's name) - all required; nationality,
                agent_email (an agent's e-mail), admission_status (default Processing),
                degree, major, admitted_semester, acceptance_letter_url
  applications: student_email (a student of this import or already in the portal),
                university, program, status (accepted, under_review, documents_required,
                rejected or another word), submitted_at (a date or timestamp) - all
                required; portal_url, admissions_email, admissions_phone,
                program_start_date

Options:
  --applications <file>  the students' applications, CSV or JSON
  --invite-days <n>      days each invite code can be used, 1 to 365 (default ${INVITE_VALID_DAYS})
  --codes-out <file>     write the codes to this new CSV file (readable by you only)
                         instead of the terminal
  --dry-run              check every row of both files, report each bad one by line; write nothing

Example: npm run admin -- ${NAME} students.csv --applications applications.csv --codes-out codes.csv`,
  async prepare(argv) {
    const { values, positionals } = parseOptions(
      NAME,
      argv,
      {
        applications: { type: 'string' },
        'invite-days': { type: 'string' },
        'codes-out': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
      },
      ['<students file>'],
    );
    const validForDays = integerOption(NAME, 'invite-days', values['invite-days'], {
      min: 1,
      max: 365,
      fallback: INVITE_VALID_DAYS,
    });
    const students = await readRecords(positionals[0] ?? '');
    const applications = values.applications ? await readRecords(values.applications) : null;
    const codesOut = values['codes-out'];
    const dryRun = values['dry-run'];

    return async (ctx) => {
      const checked = await checkStudentImport(ctx.db, ctx.keys, { students, applications });
      // The codes file is created before anything is written (and removed if the import fails),
      // so codes are never committed with nowhere to show them.
      const codesFile =
        codesOut && !dryRun && checked.problems.length === 0 ? await createNewFile(codesOut) : null;
      let issued: IssuedCode[] = [];
      try {
        await finishImport(ctx, {
          file: students.file,
          dryRun,
          problems: checked.problems,
          summary: `${checked.students.length} students with ${checked.applications.length} applications`,
          async apply(tx) {
            issued = await writeStudentImport(tx, ctx.keys, checked, {
              by: { actor: 'command-line' },
              action: 'student.import',
              validForDays,
              files: {
                students: basename(students.file),
                applications: applications ? basename(applications.file) : null,
              },
            });
            return codesFile ? [] : inviteCodeLines(issued);
          },
        });
      } catch (error) {
        await codesFile?.discard();
        throw error;
      }
      if (codesFile) {
        await codesFile.write(inviteCodesCsv(issued));
        ctx.io.out(
          `Invite codes written to ${codesOut ?? ''} (shown this once; only their hashes are kept).`,
        );
      }
    };
  },
};
