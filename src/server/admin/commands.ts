import { backupCommand } from './backup/backup-command.js';
import { restoreCommand } from './backup/restore-command.js';
import type { AdminCommand } from './command.js';
import { createStaff } from './commands/create-staff.js';
import { exportMoiVideos } from './commands/export-moi-videos.js';
import { importAgencies } from './commands/import-agencies.js';
import { importSchools } from './commands/import-schools.js';
import { importStudents } from './commands/import-students.js';
import { moiSubmissions } from './commands/moi-submissions.js';
import { postReply } from './commands/post-reply.js';
import { refreshWaitTimesCommand } from './commands/refresh-wait-times.js';
import { revokeAccess } from './commands/revoke-access.js';
import { rotateDataKeyCommand } from './commands/rotate-data-key.js';
import { unreadMessages } from './commands/unread-messages.js';
import { updateStudent } from './commands/update-student.js';
import { waitTimesStatus } from './commands/wait-times-status.js';
import { waitlist } from './commands/waitlist.js';

/** Every command, in the order the overview lists them: set up, then day to day, then care. */
export const ADMIN_COMMANDS: readonly AdminCommand[] = [
  importSchools,
  importAgencies,
  createStaff,
  importStudents,
  updateStudent,
  postReply,
  unreadMessages,
  moiSubmissions,
  exportMoiVideos,
  waitlist,
  refreshWaitTimesCommand,
  waitTimesStatus,
  revokeAccess,
  rotateDataKeyCommand,
  backupCommand,
  restoreCommand,
];

export function findCommand(name: string): AdminCommand | undefined {
  return ADMIN_COMMANDS.find((c) => c.name === name);
}
