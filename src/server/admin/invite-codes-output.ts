import { csvLine } from '../lib/write-csv.js';

/** A new invite code to hand to a student: it exists nowhere else, only its hash is stored. */
export interface IssuedCode {
  email: string;
  firstName: string;
  lastName: string;
  code: string;
  expiresAt: Date;
}

/** The codes as the terminal shows them. */
export function inviteCodeLines(codes: IssuedCode[]): string[] {
  return [
    'Invite codes (shown this once; only their hashes are kept):',
    ...codes.map(
      (s) => `  ${s.email}  ${s.code}  expires ${s.expiresAt.toISOString().slice(0, 10)}`,
    ),
  ];
}

/** The codes as a CSV file, for a mail merge: one row per student, with a header. */
export function inviteCodesCsv(codes: IssuedCode[]): string {
  const rows = codes.map((s) =>
    csvLine([s.email, s.firstName, s.lastName, s.code, s.expiresAt.toISOString()]),
  );
  return `${[csvLine(['email', 'first_name', 'last_name', 'invite_code', 'expires_at']), ...rows].join('\n')}\n`;
}
