import { Briefcase, School } from 'lucide-react';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { HelpCard } from './help-card.js';

/** A card's body while it loads: a logo and a name, a few lines, and two ways to reach them. */
function DetailsSkeleton() {
  return (
    <>
      <span className="flex items-center gap-3">
        <Skeleton className="size-12 shrink-0 rounded-lg" />
        <Skeleton className="h-5 w-2/3" />
      </span>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-11 w-full rounded-lg" />
      <Skeleton className="h-11 w-full rounded-lg" />
    </>
  );
}

/**
 * The help page while the student's university and agency load: their two cards, placeholders
 * inside. The page's other cards wait with them, and all come in together: drawn earlier, they
 * would be pushed down as the two cards above them grow to their contents.
 */
export function HelpPageSkeleton() {
  return (
    <div className="grid gap-6 md:grid-cols-2 md:items-start">
      <HelpCard id="university" title="Your University" icon={School}>
        <LoadingStatus>Loading your university…</LoadingStatus>
        <DetailsSkeleton />
      </HelpCard>
      <HelpCard id="agency" title="Your Agency" icon={Briefcase}>
        <LoadingStatus>Loading your agency…</LoadingStatus>
        <DetailsSkeleton />
      </HelpCard>
    </div>
  );
}
