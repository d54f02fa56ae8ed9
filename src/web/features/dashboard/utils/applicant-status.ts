import { withHttps } from '../../../../shared/applicant-data.js';
import { issuedDocumentLink } from '../../../../shared/issued-documents.js';
import { MOI_STATUS_DISPLAY, type MoiStatus } from '../../../lib/status-display.js';
import type { TApplicantDataAnswer } from '../api/get-applicant-data.js';

export type { MoiStatus };

/**
 * What the dashboard shows, read from the applicant data (spec sections 3 and 4). Before the
 * data arrives, and when it cannot be loaded, the defaults of spec section 4 apply: 'Processing',
 * I-20 not issued, SEVIS fee not paid; the page draws them as placeholders, never as facts.
 */
export interface DashboardStatus {
  studentName: string | null;
  schoolName: string | null;
  schoolLogoUrl: string | null;
  degree: string | null;
  major: string | null;
  admittedSemester: string | null;
  acceptanceLetterUrl: string | null;
  admissionStatus: string;
  requireMoi: boolean;
  moiStatus: MoiStatus;
  i20Issued: boolean;
  i20DocumentUrl: string | null;
  sevisPaid: boolean;
}

export const DEFAULT_ADMISSION_STATUS = 'Processing';

export const DEFAULT_DASHBOARD_STATUS: DashboardStatus = {
  studentName: null,
  schoolName: null,
  schoolLogoUrl: null,
  degree: null,
  major: null,
  admittedSemester: null,
  acceptanceLetterUrl: null,
  admissionStatus: DEFAULT_ADMISSION_STATUS,
  requireMoi: false,
  moiStatus: 'Incomplete',
  i20Issued: false,
  i20DocumentUrl: null,
  sevisPaid: false,
};

/** Spec section 3: 'Yes' means yes; anything else means not yet. */
const isYes = (value: string | null | undefined) => value?.trim().toLowerCase() === 'yes';

/** Spec section 4: Submitted, Pending, or (anything else, missing included) Incomplete. */
export function readMoiStatus(value: string | null | undefined): MoiStatus {
  const status = value?.trim().toLowerCase();
  if (status === 'submitted') return 'Submitted';
  if (status === 'pending') return 'Pending';
  return 'Incomplete';
}

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function toDashboardStatus(data: TApplicantDataAnswer | undefined): DashboardStatus {
  if (!data) return DEFAULT_DASHBOARD_STATUS;
  const { student, school, application } = data;
  const name = [student['First Name'], student['Last Name']].map((part) => part.trim());
  return {
    studentName: name.filter(Boolean).join(' ') || null,
    schoolName: text(school.Name),
    schoolLogoUrl: withHttps(school.Logo),
    degree: text(application.degree),
    major: text(application.major),
    admittedSemester: text(application['admitted semester']),
    acceptanceLetterUrl: issuedDocumentLink(application.acceptance_letter),
    admissionStatus: text(application['Admission Status']) ?? DEFAULT_ADMISSION_STATUS,
    requireMoi: school['Require MOI'],
    moiStatus: readMoiStatus(application['MOI Status']),
    i20Issued: isYes(application['I20 issued']),
    i20DocumentUrl: issuedDocumentLink(application['i20 document']),
    sevisPaid: isYes(application['sevis paid']),
  };
}

export const MOI_LOADING_LABEL = 'Loading…';

/** Spec section 4: Pending reads 'Pending Review'; a loading label while the status loads. */
export function moiStatusLabel(status: MoiStatus, loading: boolean): string {
  return loading ? MOI_LOADING_LABEL : MOI_STATUS_DISPLAY[status].word;
}
