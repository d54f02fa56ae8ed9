import { ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TApplication } from '../../../../shared/applications.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { paths } from '../../../config/paths.js';
import { ApplicationProgress } from './application-progress.js';
import { ApplicationStatusBadge } from './application-status-badge.js';

/**
 * One application in the list: university, program, status, when it was submitted, and its
 * progress, with `documentsSummary` under it. The university's name is the link to its page;
 * the whole card answers a tap.
 */
export function ApplicationCard({
  application,
  documentsSummary,
}: {
  application: TApplication;
  /** How far its required documents are along, from the documents feature. */
  documentsSummary: ReactNode;
}) {
  const titleId = useId();
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="relative flex flex-col gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm transition-colors focus-within:ring-3 focus-within:ring-ring hover:border-primary/50"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={titleId} className="text-lg leading-snug font-semibold wrap-anywhere">
              <Link
                to={paths.application.getHref(application.id)}
                className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
              >
                {application.university}
              </Link>
            </h2>
            <p className="text-sm wrap-anywhere text-muted-foreground">{application.program}</p>
          </div>
          <ApplicationStatusBadge status={application.status} />
        </div>
        <div className="flex flex-col gap-2">
          <ApplicationProgress status={application.status} />
          {documentsSummary}
        </div>
        <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
          <p>
            Submitted <RelativeTime value={application.submittedAt} afterAWeek="date" />
          </p>
          <ChevronRight className="size-5 shrink-0" aria-hidden="true" />
        </div>
      </article>
    </li>
  );
}
