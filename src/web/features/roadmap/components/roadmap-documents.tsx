import { FileText } from 'lucide-react';
import type { TRoadmapDocument } from '../../../../shared/roadmap.js';
import { OwnDocumentDownload } from '../../../components/own-document-download.js';
import { Button } from '../../../components/ui/button.js';
import { ownDocumentLink } from '../../../lib/download-own-document.js';
import { Card } from '../../../components/ui/card.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { formatIsoDate } from '../utils/format-date.js';

function DocumentDate({ document }: { document: TRoadmapDocument }) {
  if (document.issuedDate) return <>Issued {formatIsoDate(document.issuedDate)}</>;
  if (!document.available && document.estimatedDate)
    return <>Expected around {formatIsoDate(document.estimatedDate)}</>;
  return null;
}

/** Where a document is: the student's own file in the portal to save, or the school's link to open. */
function DocumentAction({ document }: { document: TRoadmapDocument }) {
  const ownFile = ownDocumentLink(document.url);
  if (ownFile)
    return (
      <OwnDocumentDownload
        link={ownFile}
        failure={`Your ${document.title} could not be downloaded.`}
        variant="outline"
        size="sm"
        className="mt-auto w-fit"
      >
        Download {document.title}
      </OwnDocumentDownload>
    );
  if (!document.url) return null;
  return (
    <Button asChild variant="outline" size="sm" className="mt-auto w-fit">
      <NewTabLink href={document.url}>Open {document.title}</NewTabLink>
    </Button>
  );
}

/** The documents along the way (spec section 3, "Roadmap document"): which the student has. */
export function RoadmapDocuments({ documents }: { documents: TRoadmapDocument[] }) {
  return (
    <ul aria-label="Your documents" className="grid gap-4 sm:grid-cols-2">
      {documents.map((document) => (
        <li key={document.title}>
          <Card role="article" aria-label={document.title} className="h-full gap-3 p-5">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
              <div className="flex min-w-0 items-center gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <FileText className="size-5" aria-hidden="true" />
                </span>
                <h3 className="text-base font-semibold text-foreground">{document.title}</h3>
              </div>
              <StatusBadge tone={document.available ? 'success' : 'neutral'}>
                {document.available ? 'Available' : 'Not yet available'}
              </StatusBadge>
            </div>
            <p className="text-sm leading-relaxed text-muted-foreground">{document.description}</p>
            <p className="text-sm font-medium text-foreground empty:hidden">
              <DocumentDate document={document} />
            </p>
            <DocumentAction document={document} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
