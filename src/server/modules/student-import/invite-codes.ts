import { csvLine } from '../../lib/write-csv.js';

/** A new invite code to hand to a student: it exists nowhere else, only its hash is stored. */
export interface IssuedCode {
  email: string;
  firstName: string;
  lastName: string;
  code: string;
  expiresAt: Date;
}

/** The codes as a CSV file, for a mail merge: one row per student, with a header. */
export function inviteCodesCsv(codes: IssuedCode[]): string {
  const rows = codes.map((s) =>
    csvLine([s.email, s.firstName, s.lastName, s.code, s.expiresAt.toISOString()]),
  );
  return `${[csvLine(['email', 'first_name', 'last_name', 'invite_code', 'expires_at']), ...rows].join('\n')}\n`;
}
