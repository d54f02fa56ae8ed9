import { useApplicantData } from '../../features/dashboard/api/get-applicant-data.js';
import { toDashboardStatus } from '../../features/dashboard/utils/applicant-status.js';
import type { ClosedReason } from '../../features/moi/components/interview-closed.js';
import { MoiPage } from '../../features/moi/components/moi-page.js';

/**
 * /moi: the interview, told by the student's record (the dashboard's, usually cached already)
 * whether there is anything to record. If the record cannot be read, the interview is open: the
 * server refuses a submission that is not allowed anyway.
 */
export default function MoiRoute() {
  const applicant = useApplicantData();
  const status = applicant.data ? toDashboardStatus(applicant.data.record) : null;
  let closed: ClosedReason | null = null;
  if (status && !status.requireMoi) closed = 'not-required';
  else if (status?.moiStatus === 'Submitted') closed = 'submitted';
  return <MoiPage closed={closed} checking={applicant.isLoading} />;
}
