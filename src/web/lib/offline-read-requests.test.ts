import { describe, expect, it } from 'vitest';
import { isOfflineRead } from './offline-read-requests.js';

describe('isOfflineRead', () => {
  it.each([
    ['GET', '/api/user/profile'],
    ['GET', '/api/visa-wait-times'],
    ['GET', '/api/applications'],
    ['GET', '/api/applications/12'],
    ['GET', '/api/messages'],
    ['GET', '/api/documents'],
    ['GET', '/api/document-requests'],
    ['GET', '/api/applications/12/document-requests'],
    ['GET', '/api/profile'],
    ['GET', '/api/roadmap'],
    ['POST', '/api/applicant-data'],
    ['POST', '/api/university-details'],
    ['POST', '/api/agency-details'],
  ])('keeps %s %s', (method, path) => {
    expect(isOfflineRead(method, path)).toBe(true);
  });

  it.each([
    ['PUT', '/api/profile'],
    ['POST', '/api/messages'],
    ['POST', '/api/documents'],
    ['DELETE', '/api/documents/3'],
    ['GET', '/api/documents/3/file'],
    ['GET', '/api/applications/12/extra'],
    ['GET', '/api/applications/12/document-requests/3'],
    ['POST', '/api/applications/12/document-requests'],
    ['GET', '/api/staff/applications/12/document-requests'],
    ['GET', '/api/staff/reviews'],
    ['POST', '/api/get-student-id'],
    ['GET', '/api/veriff/status/7'],
    ['GET', '/dashboard'],
    // Nothing of the staff console is kept: its answers name many students (and a reveal, one
    // student's sealed data), and a staff member's browser may be anyone's.
    ['GET', '/api/staff/session'],
    ['GET', '/api/staff/students'],
    ['GET', '/api/staff/students/f3a1c2d4-0000-4000-8000-000000000001'],
    ['POST', '/api/staff/students/f3a1c2d4-0000-4000-8000-000000000001/reveal'],
    ['GET', '/api/staff/audit'],
    ['GET', '/staff/students'],
  ])('never keeps %s %s', (method, path) => {
    expect(isOfflineRead(method, path)).toBe(false);
  });
});
