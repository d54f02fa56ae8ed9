import type { TDocumentRequest } from '../../../../shared/document-requests.js';

/** How far a checklist is along: '2 of 5 documents accepted'. */
export function acceptedDocumentsText(requests: readonly TDocumentRequest[]): string {
  const accepted = requests.filter((request) => request.state === 'accepted').length;
  return `${accepted} of ${requests.length} ${requests.length === 1 ? 'document' : 'documents'} accepted`;
}
