import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import {
  type TStaffAdmissionChange,
  type TStaffInterviewReview,
  type TStaffSevisChange,
  versionTag,
  ZStaffRecordVersionSchema,
} from '../../../shared/staff-student-changes.js';
import { consoleRead } from './console-request.js';

interface RecordChange<T> {
  body: T;
  /** The version of the record the form was filled from. */
  version: number;
}

/**
 * A change to the student's record (PUT, If-Match the version the form shows). Saved or refused
 * as stale (409), the record is read again: the form then shows the values as they are now.
 */
function useRecordChange<T>(studentId: string, path: string, method: 'PUT' | 'POST' = 'PUT') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: RecordChange<T>) =>
      consoleRead(apiPath(path, { id: studentId }), ZStaffRecordVersionSchema, method, body, {
        'If-Match': versionTag(version),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'student', studentId] }),
  });
}

/** PUT /api/staff/students/{id}/admission: admission details and applications' statuses. */
export const useChangeAdmission = (studentId: string) =>
  useRecordChange<TStaffAdmissionChange>(studentId, API_PATHS.staffStudentAdmission);

/** PUT /api/staff/students/{id}/sevis: the SEVIS fee paid on a day, or not paid. */
export const useChangeSevis = (studentId: string) =>
  useRecordChange<TStaffSevisChange>(studentId, API_PATHS.staffStudentSevis);

/**
 * POST /api/staff/students/{id}/i20: issues the I-20 from its PDF (multipart: the day it was
 * issued, then the file).
 */
export const useIssueI20 = (studentId: string) =>
  useRecordChange<FormData>(studentId, API_PATHS.staffStudentI20, 'POST');

/** PUT /api/staff/students/{id}/interview-review: accept the interview, or ask for a retake. */
export const useReviewInterview = (studentId: string) =>
  useRecordChange<TStaffInterviewReview>(studentId, API_PATHS.staffStudentInterviewReview);
