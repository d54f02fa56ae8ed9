import { useRef } from 'react';
import { useParams } from 'react-router';
import { ApplicationDetailPage } from '../../features/applications/components/application-detail-page.js';
import { parseApplicationId } from '../../features/applications/utils/parse-application-id.js';
import { ApplicationDocuments } from '../../features/documents/components/application-documents.js';
import type { DocumentUploadHandle } from '../../features/documents/components/document-uploader.js';
import { ApplicationCommunications } from '../../features/messages/components/application-communications.js';

/**
 * /application/{id}: the applications feature's page, with the documents and the messages of
 * the application in its slots. 'Upload Documents' reaches the documents' file picker here.
 */
export default function ApplicationRoute() {
  const { id } = useParams();
  const uploader = useRef<DocumentUploadHandle>(null);
  const applicationId = parseApplicationId(id);

  return (
    <ApplicationDetailPage
      // Another application's page starts afresh: no upload or dialog of the last one carries over.
      key={id}
      applicationId={applicationId}
      onUploadDocuments={() => uploader.current?.chooseFile()}
      documents={(application) => (
        <ApplicationDocuments ref={uploader} applicationId={application.id} />
      )}
      communications={(application) => (
        <ApplicationCommunications
          applicationId={application.id}
          university={application.university}
        />
      )}
    />
  );
}
