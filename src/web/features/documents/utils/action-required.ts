import { waitsOnStudent, type TDocumentRequest } from '../../../../shared/document-requests.js';

/**
 * The requests that wait on the student (nothing uploaded yet, or sent back), the most pressing
 * first: by due date, so the overdue ones lead, then those with no due date; requests due the same
 * day keep the order staff asked for them in.
 */
export function actionRequired(requests: readonly TDocumentRequest[]): TDocumentRequest[] {
  return requests
    .filter((request) => waitsOnStudent(request.state))
    .sort((a, b) => dueOrder(a.dueDate, b.dueDate));
}

/** YYYY-MM-DD days sort as text; no due date sorts last. */
function dueOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
