import { Camera, Clock, IdCard, ScanFace, ShieldCheck, Sun, type LucideIcon } from 'lucide-react';
import { IDENTITY_PROVIDER_NAME } from '../../../../shared/identity-verification.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardHeader } from '../../../components/ui/card.js';
import { IconTile } from '../../../components/ui/icon-tile.js';
import { REVIEW_TIME_TEXT } from '../utils/verification-announcement.js';
import { CardHeading, type HeadingRef } from './verification-card-parts.js';

const HAVE_READY: { icon: LucideIcon; text: string }[] = [
  { icon: IdCard, text: 'Your passport' },
  { icon: Camera, text: 'A phone or computer with a camera' },
  { icon: Sun, text: 'A well-lit place, so your face and passport are clear' },
];

/** Before the check: what it is, what to have ready, and the button that starts it. */
export function IdleCard({ headingRef, onStart }: { headingRef: HeadingRef; onStart: () => void }) {
  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={ScanFace} />
        <CardHeading headingRef={headingRef}>Verify your identity</CardHeading>
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
