import { FileCheck2, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
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

/**
 * The welcome and school card of spec section 2: who the student is, where they were admitted
 * and to what, and their acceptance letter (opens in a new tab; disabled until there is one).
 */
export function WelcomeCard({
  firstName,
  fallbackName,
  status,
  loading,
}: {
  firstName: string | null;
  fallbackName: string | null;
  status: DashboardStatus;
  /** While the record loads, a missing letter is not yet news. */
  loading: boolean;
}) {
  const ownLetter = ownDocumentLink(status.acceptanceLetterUrl);
  const details = [
    ['Student', status.studentName ?? fallbackName],
    ['Degree', status.degree],
    ['Major', status.major],
    ['Admitted semester', status.admittedSemester],
  ] as const;
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-5">
      <div>
        <h1
          id="dashboard-title"
          className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
        >
          {firstName ? `Welcome, ${firstName}` : 'Welcome'}
        </h1>
        <p className="mt-2 text-base text-muted-foreground">
          Your admission, I-20, SEVIS fee and visa appointment, in one place.
        </p>
      </div>
      <Card className="gap-5 p-5 sm:p-6">
        <div className="flex min-w-0 items-center gap-4">
          <SchoolLogo url={status.schoolLogoUrl} schoolName={status.schoolName} />
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted-foreground">Your school</p>
            <h2 className="text-lg leading-snug font-semibold break-words text-foreground">
              {status.schoolName ?? 'Your admitting school'}
            </h2>
          </div>
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {details.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-semibold break-words text-foreground">
                {value ?? NOT_AVAILABLE}
              </dd>
            </div>
          ))}
        </dl>
        {ownLetter ? (
          <OwnDocumentDownload
            link={ownLetter}
            failure="Your acceptance letter could not be downloaded."
            variant="outline"
            className="w-full sm:w-fit"
          >
            <FileCheck2 aria-hidden="true" />
            Acceptance Letter
          </OwnDocumentDownload>
        ) : status.acceptanceLetterUrl ? (
          <Button asChild variant="outline" className="w-full sm:w-fit">
            <NewTabLink href={status.acceptanceLetterUrl}>
              <FileCheck2 aria-hidden="true" />
              Acceptance Letter
            </NewTabLink>
          </Button>
        ) : (
          <Button
            type="button"
            variant="outline"
            disabled
            aria-describedby={loading ? undefined : 'acceptance-letter-note'}
            className="w-full sm:w-fit"
          >
            <FileCheck2 aria-hidden="true" />
            Acceptance Letter
          </Button>
        )}
        {status.acceptanceLetterUrl || loading ? null : (
          <p id="acceptance-letter-note" className="-mt-3 text-sm text-muted-foreground">
            Your acceptance letter will appear here once your school adds it.
          </p>
        )}
      </Card>
    </section>
  );
}
