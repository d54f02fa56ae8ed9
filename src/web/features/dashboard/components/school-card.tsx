import { FileCheck2, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import type { DashboardStatus } from '../utils/applicant-status.js';
import { OwnDocumentDownload } from '../../../components/own-document-download.js';
import { ownDocumentLink } from '../../../lib/download-own-document.js';

function SchoolLogo({ url, schoolName }: { url: string | null; schoolName: string | null }) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return (
      <img
        src={url}
        alt={schoolName ? `${schoolName} logo` : 'School logo'}
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
        onError={() => {
          setFailed(true);
        }}
        className="size-14 shrink-0 rounded-xl border border-border bg-card object-contain p-1"
      />
    );
  }
  return (
    <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
      <GraduationCap className="size-7" aria-hidden="true" />
    </span>
  );
}

const NOT_AVAILABLE = 'Not available yet';

const DETAIL_LABELS = ['Student', 'Degree', 'Major', 'Admitted semester'] as const;

/**
 * The school card of spec section 2: where the student was admitted and to what, and their
 * acceptance letter (opens in a new tab; disabled until there is one). Until the record loads
 * (`status` null) its facts are placeholders: "Your admitting school" is no school's name.
 */
export function SchoolCard({
  fallbackName,
  status,
  loading,
}: {
  fallbackName: string | null;
  status: DashboardStatus | null;
  /** Still loading (the placeholders pulse), rather than failed to load. */
  loading: boolean;
}) {
  const values = status
    ? [status.studentName ?? fallbackName, status.degree, status.major, status.admittedSemester]
    : null;
  return (
    <Card role="region" aria-label="Your school" className="gap-5 p-5 sm:p-6">
      <div className="flex min-w-0 items-center gap-4">
        <SchoolLogo url={status?.schoolLogoUrl ?? null} schoolName={status?.schoolName ?? null} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-muted-foreground">Your school</p>
          {status ? (
            <h2 className="text-lg leading-snug font-semibold break-words text-foreground">
              {status.schoolName ?? 'Your admitting school'}
            </h2>
          ) : (
            <Skeleton pulse={loading} className="mt-1 h-6 w-48 max-w-full" />
          )}
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {DETAIL_LABELS.map((label, i) => (
          <div key={label} className="min-w-0">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-h-5 font-semibold break-words text-foreground">
              {values ? (
                (values[i] ?? NOT_AVAILABLE)
              ) : (
                <Skeleton pulse={loading} className="mt-0.5 h-4 w-32" />
              )}
            </dd>
          </div>
        ))}
      </dl>
      <AcceptanceLetter url={status?.acceptanceLetterUrl ?? null} known={status !== null} />
    </Card>
  );
}

/** 'Acceptance Letter': downloaded or opened when there is one, else disabled and why. */
function AcceptanceLetter({ url, known }: { url: string | null; known: boolean }) {
  const ownLetter = ownDocumentLink(url);
  if (ownLetter) {
    return (
      <OwnDocumentDownload
        link={ownLetter}
        failure="Your acceptance letter could not be downloaded."
        variant="outline"
        className="w-full sm:w-fit"
      >
        <FileCheck2 aria-hidden="true" />
        Acceptance Letter
      </OwnDocumentDownload>
    );
  }
  if (url) {
    return (
      <Button asChild variant="outline" className="w-full sm:w-fit">
        <NewTabLink href={url}>
          <FileCheck2 aria-hidden="true" />
          Acceptance Letter
        </NewTabLink>
      </Button>
    );
  }
  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled
        aria-describedby={known ? 'acceptance-letter-note' : undefined}
        className="w-full sm:w-fit"
      >
        <FileCheck2 aria-hidden="true" />
        Acceptance Letter
      </Button>
      {known ? (
        <p id="acceptance-letter-note" className="-mt-3 text-sm text-muted-foreground">
          Your acceptance letter will appear here once your school adds it.
        </p>
      ) : null}
    </>
  );
}
