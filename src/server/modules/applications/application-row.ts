import { withHttps } from '../../../shared/applicant-data.js';
import type { TApplication } from '../../../shared/applications.js';
import { applications } from '../../db/schema.js';
import { ownRowsList } from '../auth/own-rows-list.js';

/** The columns an application answer is made of; the reads select only these. */
export const applicationColumns = {
  id: applications.id,
  university: applications.university,
  program: applications.program,
  status: applications.status,
  submittedAt: applications.submittedAt,
  portalUrl: applications.portalUrl,
  admissionsEmail: applications.admissionsEmail,
  admissionsPhone: applications.admissionsPhone,
};

type ApplicationRow = Pick<typeof applications.$inferSelect, keyof typeof applicationColumns>;

/** Schools store portal links without a scheme; the 'University Portal' button needs https:. */
export function toApplication(row: ApplicationRow): TApplication {
  return {
    ...row,
    submittedAt: row.submittedAt.toISOString(),
    portalUrl: withHttps(row.portalUrl),
  };
}

/** The student's applications, the most recently submitted first (readOwnRows). */
export const applicationList = ownRowsList(applications, applicationColumns, toApplication, {
  newestBy: applications.submittedAt,
});
