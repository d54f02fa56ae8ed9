import { ArrowRight, BadgeCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { REDIRECT_AFTER_PASSKEY_MS } from '../../../../shared/passkeys.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { IconTile } from '../../../components/ui/icon-tile.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { paths } from '../../../config/paths.js';

/**
 * Step 3 of sign-up, reached once the passkey is registered and the student signed in with it
 * (spec section 4, "Signup"): a success message, then the dashboard after 1.5 seconds (spec
 * section 9), with a link for anyone who does not want to wait.
 */
export function CompleteStep() {
  const navigate = useNavigate();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      void navigate(paths.dashboard.getHref());
    }, REDIRECT_AFTER_PASSKEY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [navigate]);

  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={BadgeCheck} tone="success" />
        <CardTitle tabIndex={-1} className="outline-none">
          Your account is ready
        </CardTitle>
        <CardDescription>
          Next time, sign in with your passkey: your fingerprint, face or screen lock.
        </CardDescription>
      </CardHeader>

      <Alert variant="success" role="status">
        <BadgeCheck aria-hidden="true" />
        <AlertDescription className="font-semibold">Passkey created successfully.</AlertDescription>
      </Alert>

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="flex items-center gap-2 text-muted-foreground">
          <Spinner size="sm" />
          Taking you to your dashboard…
        </p>
        <TextLink asChild className="inline-flex items-center gap-1">
          <Link to={paths.dashboard.getHref()}>
            Go now
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </TextLink>
      </div>
    </Card>
  );
}
