import type { IssuedCode } from '../modules/student-import/invite-codes.js';

/** The codes as the terminal shows them. */
export function inviteCodeLines(codes: IssuedCode[]): string[] {
  return [
    'Invite codes (shown this once; only their hashes are kept):',
    ...codes.map(
      (s) => `  ${s.email}  ${s.code}  expires ${s.expiresAt.toISOString().slice(0, 10)}`,
    ),
  ];
}
