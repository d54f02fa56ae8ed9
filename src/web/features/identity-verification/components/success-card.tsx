import { ArrowRight, BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { IDENTITY_PROVIDER_NAME } from '../../../../shared/identity-verification.js';
import { Card, CardDescription, CardHeader } from '../../../components/ui/card.js';
import { IconTile } from '../../../components/ui/icon-tile.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { SIGNUP_PASSKEY_STEP_HREF } from '../utils/verification-redirect.js';
import { STEPS, StepList } from './step-list.js';
import { CardHeading, type HeadingRef } from './verification-card-parts.js';

/** Verified: the next page opens by itself, with a link for anyone who does not want to wait. */
export function SuccessCard({
  headingRef,
  nextHref,
}: {
  headingRef: HeadingRef;
  nextHref: string;
}) {
  const toPasskey = nextHref === SIGNUP_PASSKEY_STEP_HREF;
  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={BadgeCheck} tone="success" />
        <CardHeading headingRef={headingRef}>Identity verified</CardHeading>
        <CardDescription>
          Thank you. {IDENTITY_PROVIDER_NAME} has confirmed that you are the person on your
          passport.
        </CardDescription>
      </CardHeader>

      <StepList current={STEPS.length} />

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="flex items-center gap-2 text-muted-foreground">
          <Spinner size="sm" />
          {toPasskey ? 'Next: create your passkey…' : 'Taking you to your dashboard…'}
        </p>
        <TextLink asChild className="inline-flex items-center gap-1">
          <Link to={nextHref} replace>
            Continue now
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </TextLink>
      </div>
    </Card>
  );
}
