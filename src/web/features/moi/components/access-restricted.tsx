import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { PublicLayout } from '../../../components/layouts/public-layout.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardHeader } from '../../../components/ui/card.js';
import { paths } from '../../../config/paths.js';

const REASONS = {
  'signed-out': {
    text: 'Please sign in to record your MOI interview.',
    action: 'Back to Home',
    href: paths.home.getHref(),
  },
  unverified: {
    text: 'Please complete identity verification before you record your MOI interview.',
    action: 'Verify Your Identity',
    href: paths.faceVerification.getHref(),
  },
} as const;

/**
 * Spec section 2: without a session or face verification, /moi shows this panel instead of
 * redirecting; its button goes to /face-verification or to /.
 */
export function AccessRestricted({ reason }: { reason: keyof typeof REASONS }) {
  const { text, action, href } = REASONS[reason];
  return (
    <PublicLayout>
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col px-4 py-10 sm:py-16">
        <Card className="items-center gap-5 p-6 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted">
            <Lock className="size-6 text-muted-foreground" aria-hidden="true" />
          </span>
          <CardHeader>
            <h1 className="text-2xl font-bold tracking-tight text-foreground">Access Restricted</h1>
            <CardDescription>{text}</CardDescription>
          </CardHeader>
          <Button asChild>
            <Link to={href}>{action}</Link>
          </Button>
        </Card>
      </main>
    </PublicLayout>
  );
}
