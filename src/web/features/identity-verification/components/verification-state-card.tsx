import {
  ArrowRight,
  BadgeCheck,
  Camera,
  Check,
  CircleAlert,
  Clock,
  Hourglass,
  IdCard,
  Mail,
  RotateCcw,
  ScanFace,
  ScanSearch,
  ShieldCheck,
  Sun,
  type LucideIcon,
} from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { IDENTITY_PROVIDER_NAME } from '../../../../shared/identity-verification.js';
import { SUPPORT_EMAIL } from '../../../config/branding.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { cn } from '../../../lib/cn.js';
import type { VerificationState } from '../hooks/use-face-verification.js';
import type { VerificationFailure } from '../utils/verification-outcome.js';
import { SIGNUP_PASSKEY_STEP_HREF } from '../utils/verification-redirect.js';

/** Spec sections 2 and 9: what the student is told about the wait. */
export const REVIEW_TIME_TEXT = 'Review usually takes 1-2 minutes.';

const HAVE_READY: { icon: LucideIcon; text: string }[] = [
  { icon: IdCard, text: 'Your passport' },
  { icon: Camera, text: 'A phone or computer with a camera' },
  { icon: Sun, text: 'A well-lit place, so your face and passport are clear' },
];

/** What a screen reader hears when the page changes state (errors are announced by their alert). */
export function announcementFor(state: VerificationState): string {
  switch (state.phase) {
    case 'idle':
      return 'Ready to start identity verification.';
    case 'loading':
      return state.flow === 'opening'
        ? 'Opening the verification window…'
        : 'Verification window open. Complete the steps there.';
    case 'processing':
      return 'Checking your verification result…';
    case 'polling':
      return `Your verification is being reviewed. ${REVIEW_TIME_TEXT}`;
    case 'success':
      return 'Identity verified.';
    case 'error':
      return '';
  }
}

type HeadingRef = Ref<HTMLHeadingElement>;

/** The card of the current state: one per state of spec section 2, "Identity verification page". */
export function VerificationStateCard({
  state,
  headingRef,
  onStart,
  onTryAgain,
}: {
  state: VerificationState;
  headingRef: HeadingRef;
  onStart: () => void;
  onTryAgain: () => void;
}) {
  switch (state.phase) {
    case 'idle':
      return <IdleCard headingRef={headingRef} onStart={onStart} />;
    case 'loading':
      return state.flow === 'opening' ? (
        <WorkingCard
          headingRef={headingRef}
          icon={ScanFace}
          step={0}
          title="Opening verification…"
          description={`Connecting you securely to ${IDENTITY_PROVIDER_NAME}. This takes a few seconds.`}
        />
      ) : (
        <WorkingCard
          headingRef={headingRef}
          icon={ScanFace}
          step={0}
          title="Verification in progress"
          description="Follow the steps in the verification window. Keep this page open until you have finished."
        />
      );
    case 'processing':
      return (
        <WorkingCard
          headingRef={headingRef}
          icon={ScanSearch}
          step={1}
          title="Checking your result…"
          description="This takes a few seconds."
        />
      );
    case 'polling':
      return (
        <WorkingCard
          headingRef={headingRef}
          icon={Hourglass}
          step={2}
          title="Reviewing your verification"
          description={`${REVIEW_TIME_TEXT} This page updates by itself, so you can keep it open.`}
          note="You can also leave and come back to this page later: it picks up where you left off."
        />
      );
    case 'success':
      return <SuccessCard headingRef={headingRef} nextHref={state.nextHref} />;
    case 'error':
      return <ErrorCard headingRef={headingRef} failure={state.failure} onTryAgain={onTryAgain} />;
  }
}

function IconTile({
  icon: Icon,
  tone,
}: {
  icon: LucideIcon;
  tone: 'primary' | 'success' | 'danger';
}) {
  return (
    <span
      className={cn(
        'flex size-11 items-center justify-center rounded-xl',
        tone === 'primary' && 'bg-primary-soft text-primary-soft-foreground',
        tone === 'success' && 'bg-green-100 text-success',
        tone === 'danger' && 'bg-red-100 text-destructive',
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

function Heading({ headingRef, children }: { headingRef: HeadingRef; children: string }) {
  return (
    <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
      {children}
    </CardTitle>
  );
}

function IdleCard({ headingRef, onStart }: { headingRef: HeadingRef; onStart: () => void }) {
  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={ScanFace} tone="primary" />
        <Heading headingRef={headingRef}>Verify your identity</Heading>
        <CardDescription>
          Confirm that you are the person named on your passport. {IDENTITY_PROVIDER_NAME}, our
          identity verification partner, guides you through it: a photo of your passport, then a
          short selfie.
        </CardDescription>
      </CardHeader>

      <div>
        <h3 className="text-sm font-semibold text-foreground">Have these ready</h3>
        <ul className="mt-3 space-y-2.5 text-sm text-foreground">
          {HAVE_READY.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-2.5">
              <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </div>

      <p className="flex gap-2.5 rounded-xl bg-muted px-3.5 py-3 text-sm text-foreground">
        <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>{REVIEW_TIME_TEXT} You will see the result on this page.</span>
      </p>

      <Button size="lg" className="w-full" onClick={onStart}>
        <ScanFace aria-hidden="true" />
        Start Identity Verification
      </Button>

      <p className="flex gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Your photos go securely to {IDENTITY_PROVIDER_NAME} and are used only to confirm who you
          are.
        </span>
      </p>
    </Card>
  );
}

const STEPS = ['Take your photos', 'Check the result', 'Review'] as const;

/** The three waits of the flow, with where the student is now. */
function StepList({ current }: { current: number }) {
  return (
    <ol aria-label="Verification progress" className="grid gap-3 text-sm">
      {STEPS.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className="flex items-center gap-3"
          >
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                done && 'border-success bg-success text-white',
                active && 'border-primary bg-primary-soft text-primary-soft-foreground',
                !done && !active && 'border-border-strong text-muted-foreground',
              )}
            >
              {done ? (
                <Check className="size-4" aria-hidden="true" />
              ) : active ? (
                <Spinner size="sm" />
              ) : (
                index + 1
              )}
            </span>
            <span
              className={cn(
                active && 'font-semibold',
                active || done ? 'text-foreground' : 'text-muted-foreground',
              )}
            >
              {label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function WorkingCard({
  headingRef,
  icon,
  step,
  title,
  description,
  note,
}: {
  headingRef: HeadingRef;
  icon: LucideIcon;
  step: number;
  title: string;
  description: string;
  note?: string;
}) {
  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={icon} tone="primary" />
        <Heading headingRef={headingRef}>{title}</Heading>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <StepList current={step} />
      {note ? (
        <p className="flex gap-2.5 rounded-xl bg-muted px-3.5 py-3 text-sm text-foreground">
          <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>{note}</span>
        </p>
      ) : null}
    </Card>
  );
}

function SuccessCard({ headingRef, nextHref }: { headingRef: HeadingRef; nextHref: string }) {
  const toPasskey = nextHref === SIGNUP_PASSKEY_STEP_HREF;
  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={BadgeCheck} tone="success" />
        <Heading headingRef={headingRef}>Identity verified</Heading>
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

function ErrorCard({
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
        <Heading headingRef={headingRef}>{result?.title ?? 'Verification not completed'}</Heading>
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
