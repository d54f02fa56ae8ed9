import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  type TStaffAdmissionChange,
  type TStaffInterviewReview,
  type TStaffSevisChange,
  versionTag,
  ZStaffRecordVersionSchema,
} from '../../../shared/staff-student-changes.js';
import { consoleRead } from './console-request.js';
import { ISSUED_DOCUMENTS, type TIssuedDocumentKind } from '../../../shared/issued-documents.js';

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
  useRecordChange<TStaffAdmissionChange>(studentId, STAFF_API_PATHS.staffStudentAdmission);

/** PUT /api/staff/students/{id}/sevis: the SEVIS fee paid on a day, or not paid. */
export const useChangeSevis = (studentId: string) =>
  useRecordChange<TStaffSevisChange>(studentId, STAFF_API_PATHS.staffStudentSevis);

/**
 * POST one of the student's issued files (the I-20, the acceptance letter, the SEVIS fee's
 * receipt; multipart: the day it names, then the file), which changes the record as its kind says.
 */
export const useUploadIssuedDocument = (studentId: string, kind: TIssuedDocumentKind) =>
  useRecordChange<FormData>(studentId, ISSUED_DOCUMENTS[kind].staffPath, 'POST');

/** PUT /api/staff/students/{id}/interview-review: accept the interview, or ask for a retake. */
export const useReviewInterview = (studentId: string) =>
  useRecordChange<TStaffInterviewReview>(studentId, STAFF_API_PATHS.staffStudentInterviewReview);
