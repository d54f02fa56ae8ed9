import { CircleAlert, Mail, RotateCcw } from 'lucide-react';
import { IDENTITY_PROVIDER_NAME } from '../../../../shared/identity-verification.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardHeader } from '../../../components/ui/card.js';
import { IconTile } from '../../../components/ui/icon-tile.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { SUPPORT_EMAIL } from '../../../config/branding.js';
import type { VerificationFailure } from '../utils/verification-outcome.js';
import { CardHeading, type HeadingRef } from './verification-card-parts.js';

/**
 * Not verified: the failure in words, the provider's reason where it helps, and Try Again, or
 * support where trying again cannot help.
 */
export function ErrorCard({
  headingRef,
  failure,
  onTryAgain,
}: {
  headingRef: HeadingRef;
  failure: VerificationFailure;
  onTryAgain: () => void;
}) {
  const { message, result, reason, actionable } = failure;
  const detail = result && result.message !== message ? result.message : null;
  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={CircleAlert} tone="danger" />
        <CardHeading headingRef={headingRef}>
          {result?.title ?? 'Verification not completed'}
        </CardHeading>
      </CardHeader>

      <Alert variant="destructive" className="wrap-anywhere">
        <CircleAlert aria-hidden="true" />
        {detail ? (
          <>
            <AlertTitle>{message}</AlertTitle>
            <AlertDescription>{detail}</AlertDescription>
          </>
        ) : (
          <AlertDescription>{message}</AlertDescription>
        )}
      </Alert>

      {/* The provider's own words help a student fix a photo; a fraud finding is not explained. */}
      {reason && actionable ? (
        <p className="text-sm text-muted-foreground">
          {`Reason given by ${IDENTITY_PROVIDER_NAME}: ${reason}`}
        </p>
      ) : null}

      {actionable ? (
        <div className="grid gap-3">
          <Button size="lg" className="w-full" onClick={onTryAgain}>
            <RotateCcw aria-hidden="true" />
            Try Again
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            Still stuck? Write to{' '}
            <TextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink>.
          </p>
        </div>
      ) : (
        <div className="grid gap-3">
          <Button asChild size="lg" variant="outline" className="w-full">
            <a href={`mailto:${SUPPORT_EMAIL}`}>
              <Mail aria-hidden="true" />
              Contact support
            </a>
          </Button>
          {/* The address in words too, for a student writing from another device. */}
          <p className="text-center text-sm text-muted-foreground">{SUPPORT_EMAIL}</p>
        </div>
      )}
    </Card>
  );
}
