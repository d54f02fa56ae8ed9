import { ArrowRight, Check, Compass, Sparkles, Ticket } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PublicPage } from '../../../components/layouts/public-page.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.js';
import { IconTile } from '../../../components/ui/icon-tile.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { paths } from '../../../config/paths.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useAuth } from '../../../lib/auth.js';
import { useJustLoggedOut } from '../../../lib/logged-out.js';
import { usePublicConfig } from '../../../lib/public-config.js';

const INVITE_STEPS = [
  'Confirm who you are with your invite code and passport',
  'Download your I-20 document',
  'Complete your enrollment with your school',
] as const;

/** The get-started screen of spec section 2: two ways in, a sign-in link, and the demo. */
export function WelcomeScreen() {
  useDocumentTitle();
  const navigate = useNavigate();

  const justLoggedOut = useJustLoggedOut();

  return (
    <PublicPage homeLink={false} width="wide" headerAction={<SignInHeaderLink />}>
      {justLoggedOut ? (
        <p
          role="status"
          className="mx-auto mb-8 flex max-w-2xl gap-2.5 rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-sm font-semibold text-green-900"
        >
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          You are logged out.
        </p>
      ) : null}
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-wide text-primary-soft-foreground uppercase">
          F-1 student visa
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
          Start your studies in the United States
        </h1>
        <p className="mt-4 text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          From your school&apos;s invitation to your student visa, one step at a time. How would you
          like to begin?
        </p>
      </div>

      <section aria-labelledby="welcome-options" className="mt-10 sm:mt-12">
        <h2 id="welcome-options" className="sr-only">
          Ways to start
        </h2>
        <div className="grid gap-5 sm:grid-cols-2 sm:gap-6">
          <Card variant="highlighted" className="gap-5 p-6">
            <CardHeader>
              <div className="flex items-center justify-between gap-3">
                <IconTile icon={Ticket} />
                <Badge>Invited by a school</Badge>
              </div>
              <CardTitle as="h3">I have an invite code</CardTitle>
              <CardDescription>
                Your school sent you an invite code. Use it to download your I-20 and complete your
                enrollment.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2.5 text-sm text-foreground">
                {INVITE_STEPS.map((step) => (
                  <li key={step} className="flex gap-2.5">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    <span>{step}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter>
              <Button
                size="lg-auto"
                wrap
                className="w-full"
                onClick={() => void navigate(paths.signup.getHref())}
              >
                Continue with Invite Code
                <ArrowRight aria-hidden="true" />
              </Button>
            </CardFooter>
          </Card>

          <Card className="gap-5 p-6">
            <CardHeader>
              <div className="flex items-center justify-between gap-3">
                <IconTile icon={Compass} tone="muted" />
                <Badge variant="warning">Waitlist only</Badge>
              </div>
              <CardTitle as="h3">I want to apply directly</CardTitle>
              <CardDescription>
                Apply to US universities yourself and get matched with schools that fit your profile
                and goals.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <p className="rounded-lg bg-muted px-3 py-2.5 text-sm text-foreground">
                This is not open yet. Join the waitlist and we will e-mail you when it opens.
              </p>
            </CardContent>
            <CardFooter>
              <Button
                size="lg-auto"
                wrap
                variant="outline"
                className="w-full"
                onClick={() => void navigate(paths.waitlist.getHref())}
              >
                Explore Universities
              </Button>
            </CardFooter>
          </Card>
        </div>
      </section>

      <p className="mt-10 text-center text-base text-muted-foreground">
        Already have an account?{' '}
        <TextLink asChild>
          <Link to={paths.webauthnLogin.getHref()}>Sign in here</Link>
        </TextLink>
      </p>

      <DemoEntry />
    </PublicPage>
  );
}

/** The way back in for a returning student, at the top of a phone's first screen. */
function SignInHeaderLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={paths.webauthnLogin.getHref()}>Sign in</Link>
    </Button>
  );
}

/** Only a server in demo mode offers the demo student (spec section 1, "A demo login"). */
function DemoEntry() {
  const config = usePublicConfig();
  const { demoLogin } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  if (!config.data?.demoMode) return null;

  async function startDemo() {
    setPending(true);
    if (await demoLogin()) {
      await navigate(paths.dashboard.getHref());
    } else {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="welcome-demo"
      className="mx-auto mt-10 flex max-w-md flex-col items-center gap-3 rounded-2xl border border-dashed border-border-strong px-5 py-6 text-center"
    >
      <h2 id="welcome-demo" className="text-base font-semibold text-foreground">
        Just looking around?
      </h2>
      <p className="text-sm text-muted-foreground">
        Explore the portal as a sample student, with example applications and messages.
      </p>
      <Button
        variant="secondary"
        disabled={pending}
        aria-busy={pending}
        onClick={() => void startDemo()}
      >
        {pending ? <Spinner size="sm" /> : <Sparkles aria-hidden="true" />}
        Try the demo
      </Button>
    </section>
  );
}
