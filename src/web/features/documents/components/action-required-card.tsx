import { ChevronRight, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import type { TDocumentRequest } from '../../../../shared/document-requests.js';
import { paths } from '../../../config/paths.js';
import { actionRequired } from '../utils/action-required.js';
import { DocumentRequestStateBadge } from './document-request-state-badge.js';
import { DueDateLabel } from './due-date-label.js';

/**
 * The dashboard's "Action required" (issue 24): each document asked for and not uploaded yet, or
 * sent back, the overdue first, with its application's university; each leads to the
 * application's page, where it is uploaded. Nothing at all when nothing waits on the student.
 */
export function ActionRequiredCard({
  requests,
  universityOf,
}: {
  requests: readonly TDocumentRequest[];
  /** The university of one of the student's applications; null while it is not known. */
  universityOf: (applicationId: number) => string | null;
}) {
  const items = actionRequired(requests);
  if (items.length === 0) return null;

  return (
    <section
      aria-labelledby="action-required-title"
      className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-900">
          <ClipboardList className="size-5" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-col">
          <h2 id="action-required-title" className="text-xl font-bold tracking-tight">
            Action required
          </h2>
          <p className="text-sm text-amber-950">Upload these documents for your applications.</p>
        </div>
      </div>
      <ul className="flex flex-col gap-2">
        {items.map((request) => {
          const university = universityOf(request.applicationId);
          return (
            <li key={request.id}>
              {/* The whole row is the link: a large target on a phone, read in one go. */}
              <Link
                to={paths.application.getHref(request.applicationId)}
                className="flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 outline-none hover:border-primary/50 focus-visible:ring-3 focus-visible:ring-ring"
              >
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="font-semibold wrap-anywhere">{request.title}</span>
                  {university ? (
                    <span className="text-sm wrap-anywhere text-muted-foreground">
                      {university}
                    </span>
                  ) : null}
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <DocumentRequestStateBadge state={request.state} />
                    {request.dueDate ? <DueDateLabel dueDate={request.dueDate} /> : null}
                  </span>
                </span>
                <ChevronRight
                  className="size-5 shrink-0 text-muted-foreground"
                  aria-hidden="true"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
