import { useRef } from 'react';
import { useParams } from 'react-router';
import { ApplicationDetailPage } from '../../features/applications/components/application-detail-page.js';
import { parseApplicationId } from '../../features/applications/utils/parse-application-id.js';
import { ApplicationDocuments } from '../../features/documents/components/application-documents.js';
import type { DocumentUploadHandle } from '../../features/documents/components/document-uploader.js';
import { RequiredDocuments } from '../../features/documents/components/required-documents.js';
import { ApplicationCommunications } from '../../features/messages/components/application-communications.js';

/**
 * /application/{id}: the applications feature's page, with the documents (those staff asked for
 * above the others) and the messages of the application in its slots. 'Upload Documents' reaches
 * the other documents' file picker here.
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
        <div className="flex flex-col gap-6">
          <RequiredDocuments applicationId={application.id} />
          <ApplicationDocuments ref={uploader} applicationId={application.id} />
        </div>
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
