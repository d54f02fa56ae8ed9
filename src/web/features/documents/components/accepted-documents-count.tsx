import { FileCheck2 } from 'lucide-react';
import { useDocumentRequests } from '../api/get-document-requests.js';
import { acceptedDocumentsText } from '../utils/accepted-documents.js';

/**
 * '2 of 5 documents accepted' for an application staff asked documents for, from the one read
 * of every request; nothing for an application without requests, or while they are not known.
 */
export function AcceptedDocumentsCount({ applicationId }: { applicationId: number }) {
  const requests = useDocumentRequests();
  const own = requests.data?.filter((request) => request.applicationId === applicationId) ?? [];
  if (own.length === 0) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <FileCheck2 className="size-4 shrink-0" aria-hidden="true" />
      {acceptedDocumentsText(own)}
    </p>
  );
}
