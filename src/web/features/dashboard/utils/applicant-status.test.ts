import { describe, expect, it } from 'vitest';
import { applicantData } from '../../../test/data-generators.js';
import {
  DEFAULT_DASHBOARD_STATUS,
  moiStatusLabel,
  readMoiStatus,
  toDashboardStatus,
} from './applicant-status.js';

describe('the dashboard status', () => {
  it("defaults to spec section 4's: Processing, I-20 not issued, SEVIS not paid", () => {
    expect(toDashboardStatus(undefined)).toBe(DEFAULT_DASHBOARD_STATUS);
    expect(DEFAULT_DASHBOARD_STATUS).toMatchObject({
      admissionStatus: 'Processing',
      i20Issued: false,
      sevisPaid: false,
      requireMoi: false,
    });
  });

  it("reads 'Yes' as yes and anything else as not yet", () => {
    const status = (i20: string, sevis: string) =>
      toDashboardStatus(applicantData({ application: { 'I20 issued': i20, 'sevis paid': sevis } }));
    expect(status('Yes', 'Yes')).toMatchObject({ i20Issued: true, sevisPaid: true });
    expect(status(' yes ', 'YES')).toMatchObject({ i20Issued: true, sevisPaid: true });
    expect(status('No', 'Pending')).toMatchObject({ i20Issued: false, sevisPaid: false });
    expect(status('', 'Y')).toMatchObject({ i20Issued: false, sevisPaid: false });
  });

  it('keeps Processing when the admission status is blank', () => {
    const data = applicantData({ application: { 'Admission Status': '  ' } });
    expect(toDashboardStatus(data).admissionStatus).toBe('Processing');
  });

  it('reads the MOI status, a missing or unknown one as Incomplete', () => {
    expect(readMoiStatus('Submitted')).toBe('Submitted');
    expect(readMoiStatus('pending')).toBe('Pending');
    expect(readMoiStatus('Incomplete')).toBe('Incomplete');
    expect(readMoiStatus(undefined)).toBe('Incomplete');
    expect(readMoiStatus(null)).toBe('Incomplete');
    expect(readMoiStatus('Rejected')).toBe('Incomplete');
  });

  it("labels Pending 'Pending Review', and anything 'Loading…' while it loads", () => {
    expect(moiStatusLabel('Pending', false)).toBe('Pending Review');
    expect(moiStatusLabel('Submitted', false)).toBe('Submitted');
    expect(moiStatusLabel('Incomplete', false)).toBe('Incomplete');
    expect(moiStatusLabel('Submitted', true)).toBe('Loading…');
  });

  it.each([
    ['school.edu/letter.pdf', 'https://school.edu/letter.pdf'],
    ['school.edu:8443/x.pdf', 'https://school.edu:8443/x.pdf'],
    ['http://school.edu/a.pdf', 'http://school.edu/a.pdf'],
    ['https://school.edu/a.pdf', 'https://school.edu/a.pdf'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['', null],
    [null, null],
  ])('links %s as %s: https: where the scheme is missing, web links only', (link, expected) => {
    const status = toDashboardStatus(
      applicantData({
        school: { Logo: link },
        application: { acceptance_letter: link, 'i20 document': link },
      }),
    );
    expect(status).toMatchObject({
      schoolLogoUrl: expected,
      acceptanceLetterUrl: expected,
      i20DocumentUrl: expected,
    });
  });
});
