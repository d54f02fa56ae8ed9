import { CalendarDays } from 'lucide-react';
import { ARRIVAL_DAYS_BEFORE_START, type TRoadmapResponse } from '../../../../shared/roadmap.js';
import { PortalPage } from '../../../components/layouts/portal-page.js';
import { Card } from '../../../components/ui/card.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { Progress } from '../../../components/ui/progress.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useRoadmap } from '../api/get-roadmap.js';
import { formatIsoDate } from '../utils/format-date.js';
import { RoadmapDocuments } from './roadmap-documents.js';
import { RoadmapSteps } from './roadmap-steps.js';

export const ROADMAP_LOAD_FAILED = 'Unable to load your visa roadmap';

function ProgramStart({ roadmap }: { roadmap: TRoadmapResponse }) {
  const { programStartDate, earliestArrivalDate } = roadmap;
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {programStartDate && earliestArrivalDate ? (
        <span>
          Your program starts on{' '}
          <strong className="text-foreground">{formatIsoDate(programStartDate)}</strong>. You may
          arrive in the United States from {formatIsoDate(earliestArrivalDate)}, up to{' '}
          {ARRIVAL_DAYS_BEFORE_START} days before.
        </span>
      ) : (
        <span>Your school has not confirmed your program start date yet.</span>
      )}
    </p>
  );
}

function Roadmap({ roadmap }: { roadmap: TRoadmapResponse }) {
  const total = roadmap.steps.length;
  const completed = roadmap.steps.filter((step) => step.status === 'completed').length;
  return (
    <>
      <Card className="gap-3 p-5 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="roadmap-progress" className="text-lg font-semibold text-foreground">
            Your progress
          </h2>
          <p className="text-sm font-semibold text-foreground">
            {completed} of {total} steps completed
          </p>
        </div>
        <Progress
          aria-labelledby="roadmap-progress"
          aria-valuetext={`${completed} of ${total} steps completed`}
          value={Math.round((completed / total) * 100)}
        />
        <ProgramStart roadmap={roadmap} />
      </Card>
      <section aria-labelledby="steps-title" className="flex flex-col gap-4">
        <h2 id="steps-title" className="text-xl font-bold tracking-tight">
          Steps to your F-1 visa
        </h2>
        <RoadmapSteps steps={roadmap.steps} />
      </section>
      <section aria-labelledby="documents-title" className="flex flex-col gap-4">
        <h2 id="documents-title" className="text-xl font-bold tracking-tight">
          Documents
        </h2>
        <RoadmapDocuments documents={roadmap.documents} />
      </section>
    </>
  );
}

/** /actions (spec sections 2 and 4): the student's visa roadmap. */
export function RoadmapPage() {
  useDocumentTitle('Visa Roadmap');
  const roadmap = useRoadmap();
  return (
    <PortalPage
      title="Visa Roadmap"
      description="Every step from admission to your arrival in the United States, and where you are."
      width="narrow"
      spacing="loose"
    >
      {roadmap.data ? (
        <Roadmap roadmap={roadmap.data} />
      ) : roadmap.isError ? (
        <LoadFailedAlert title={ROADMAP_LOAD_FAILED} onRetry={() => void roadmap.refetch()} />
      ) : (
        <LoadingStatus>Loading your roadmap…</LoadingStatus>
      )}
    </PortalPage>
  );
}
