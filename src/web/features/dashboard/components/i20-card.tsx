import { Clock, Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { OwnDocumentDownload } from '../../../components/own-document-download.js';
import { ownDocumentLink } from '../../../lib/download-own-document.js';
import { i20StatusDisplay } from '../../../lib/status-display.js';
import type { DashboardTask } from '../utils/dashboard-plan.js';
import { TaskCard } from './task-card.js';

/** Spec section 8's alert when an issued I-20 has no document link. */
export const I20_URL_MISSING = 'I-20 document URL not available';

/**
 * The I-20 card (spec sections 2 and 4): issued when 'I20 issued' is Yes, with the document to
 * open in a new tab (or, uploaded to the portal, to download); otherwise a disabled 'Waiting for I-20' and how long it usually takes
 * (spec section 9: 1-2 weeks after admission confirmation).
 */
export function I20Card({
  task,
  issued,
  documentUrl,
}: {
  task: DashboardTask;
  issued: boolean;
  documentUrl: string | null;
}) {
  const [urlMissing, setUrlMissing] = useState(false);
  const ownFile = ownDocumentLink(documentUrl);
  const display = i20StatusDisplay(issued);
  return (
    <TaskCard
      task={task}
      title="I-20 Document"
      icon={FileText}
      badge={<StatusBadge tone={display.tone}>{display.word}</StatusBadge>}
    >
      {issued ? (
        <>
          <p>
            Your school has issued your I-20. Check that every detail matches your passport, then
            sign it and bring it to your visa interview.
          </p>
          {ownFile ? (
            <OwnDocumentDownload
              link={ownFile}
              failure="Your I-20 could not be downloaded."
              variant="outline"
              className="mt-auto w-full sm:w-fit"
            >
              <Download aria-hidden="true" />
              Download I-20
            </OwnDocumentDownload>
          ) : documentUrl ? (
            <Button asChild variant="outline" className="mt-auto w-full sm:w-fit">
              <NewTabLink href={documentUrl} showIcon={false}>
                <Download aria-hidden="true" />
                Download I-20
              </NewTabLink>
            </Button>
          ) : (
            <>
              <Button
                type="button"
                variant="outline"
                className="mt-auto w-full sm:w-fit"
                onClick={() => {
                  setUrlMissing(true);
                }}
              >
                <Download aria-hidden="true" />
                Download I-20
              </Button>
              {urlMissing ? (
                <Alert variant="destructive">
                  <AlertTitle>{I20_URL_MISSING}</AlertTitle>
                  <AlertDescription>
                    Please ask your school&apos;s international student office for a copy.
                  </AlertDescription>
                </Alert>
              ) : null}
            </>
          )}
        </>
      ) : (
        <>
          <Button type="button" variant="secondary" disabled className="mt-auto w-full sm:w-fit">
            <Clock aria-hidden="true" />
            Waiting for I-20
          </Button>
        </>
      )}
    </TaskCard>
  );
}
