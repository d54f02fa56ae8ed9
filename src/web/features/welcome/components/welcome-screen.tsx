import type { MessageDescriptor } from '@lingui/core';
import { ArrowRight, Check, Compass, Ticket } from 'lucide-react';
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
import { TextLink } from '../../../components/ui/text-link.js';
import { paths } from '../../../config/paths.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useJustLoggedOut } from '../../../lib/logged-out.js';
import { usePublicConfig } from '../../../lib/public-config.js';
import { DemoEntry } from './demo-entry.js';
import { useLingui } from '../../../lib/i18n/use-lingui.js';

const INVITE_STEPS: readonly MessageDescriptor[] = [
  /*i18n*/ {
    id: 'welcome.invite.step.confirm',
    message: 'Confirm who you are with your invite code and passport',
  },
  /*i18n*/ { id: 'welcome.invite.step.i20', message: 'Download your I-20 document' },
  /*i18n*/ {
    id: 'welcome.invite.step.enroll',
    message: 'Complete your enrollment with your school',
  },
];

/** The get-started screen of spec section 2: two ways in, a sign-in link, and the demo. */
export function WelcomeScreen() {
  useDocumentTitle();
  const { i18n } = useLingui();
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
          {i18n._({ id: 'welcome.logged-out', message: 'You are logged out.' })}
        </p>
      ) : null}
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-wide text-primary-soft-foreground uppercase">
          {i18n._({ id: 'welcome.eyebrow', message: 'F-1 student visa' })}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
          {i18n._({ id: 'welcome.title', message: 'Start your studies in the United States' })}
        </h1>
        <p className="mt-4 text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {i18n._({
            id: 'welcome.lead',
            message:
              "From your school's invitation to your student visa, one step at a time. How would you like to begin?",
          })}
        </p>
      </div>

      <section aria-labelledby="welcome-options" className="mt-10 sm:mt-12">
        <h2 id="welcome-options" className="sr-only">
          {i18n._({ id: 'welcome.options', message: 'Ways to start' })}
        </h2>
        <div className="grid gap-5 sm:grid-cols-2 sm:gap-6">
          <Card variant="highlighted" className="gap-5 p-6">
            <CardHeader>
              <div className="flex items-center justify-between gap-3">
                <IconTile icon={Ticket} />
                <Badge>
                  {i18n._({ id: 'welcome.invite.badge', message: 'Invited by a school' })}
                </Badge>
              </div>
              <CardTitle as="h3">
                {i18n._({ id: 'welcome.invite.title', message: 'I have an invite code' })}
              </CardTitle>
              <CardDescription>
                {i18n._({
                  id: 'welcome.invite.description',
                  message:
                    'Your school sent you an invite code. Use it to download your I-20 and complete your enrollment.',
                })}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2.5 text-sm text-foreground">
                {INVITE_STEPS.map((step) => (
                  <li key={step.id} className="flex gap-2.5">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    <span>{i18n._(step)}</span>
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
                {i18n._({ id: 'welcome.invite.continue', message: 'Continue with Invite Code' })}
                <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
              </Button>
            </CardFooter>
          </Card>

          <Card className="gap-5 p-6">
            <CardHeader>
              <div className="flex items-center justify-between gap-3">
                <IconTile icon={Compass} tone="muted" />
                <Badge variant="warning">
                  {i18n._({ id: 'welcome.apply.badge', message: 'Waitlist only' })}
                </Badge>
              </div>
              <CardTitle as="h3">
                {i18n._({ id: 'welcome.apply.title', message: 'I want to apply directly' })}
              </CardTitle>
              <CardDescription>
                {i18n._({
                  id: 'welcome.apply.description',
                  message:
                    'Apply to US universities yourself and get matched with schools that fit your profile and goals.',
                })}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <p className="rounded-lg bg-muted px-3 py-2.5 text-sm text-foreground">
                {i18n._({
                  id: 'welcome.apply.not-open',
                  message:
                    'This is not open yet. Join the waitlist and we will e-mail you when it opens.',
                })}
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
                {i18n._({ id: 'welcome.apply.explore', message: 'Explore Universities' })}
              </Button>
            </CardFooter>
          </Card>
        </div>
      </section>

      <p className="mt-10 text-center text-base text-muted-foreground">
        {i18n._({ id: 'welcome.have-account', message: 'Already have an account?' })}{' '}
        <TextLink asChild>
          <Link to={paths.webauthnLogin.getHref()}>
            {i18n._({ id: 'welcome.sign-in-here', message: 'Sign in here' })}
          </Link>
        </TextLink>
      </p>

      <DemoOffer />
    </PublicPage>
  );
}

/** The way back in for a returning student, at the top of a phone's first screen. */
function SignInHeaderLink() {
  const { i18n } = useLingui();
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={paths.webauthnLogin.getHref()}>
        {i18n._({ id: 'welcome.sign-in', message: 'Sign in' })}
      </Link>
    </Button>
  );
}

/** Only a server in demo mode offers the demo student (spec section 1, "A demo login"). */
function DemoOffer() {
  const config = usePublicConfig();
  return config.data?.demoMode ? <DemoEntry /> : null;
}
