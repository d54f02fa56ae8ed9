import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { APPLICATION_NOT_FOUND } from '../../../../shared/applications.js';
import { Button } from '../../../components/ui/button.js';
import { paths } from '../../../config/paths.js';

/**
 * Spec section 2: an unknown id shows 'Application Not Found' with 'Back to Dashboard'. Another
 * student's id and an id that is not a number end here too, told apart from nothing.
 */
export function ApplicationNotFound() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-2xl border border-border bg-card px-6 py-10 text-center shadow-sm">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">{APPLICATION_NOT_FOUND}</h1>
      <p className="text-base text-muted-foreground">
        We could not find this application among yours. Check the link, or find it from your
        dashboard.
      </p>
      <Button asChild className="mt-3">
        <Link to={paths.dashboard.getHref()}>Back to Dashboard</Link>
      </Button>
    </section>
  );
}
