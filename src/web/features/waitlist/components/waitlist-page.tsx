import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Compass, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { WAITLIST_MESSAGES, ZWaitlistRequestSchema } from '../../../../shared/waitlist.js';
import { BackHomeRow, PublicPage } from '../../../components/layouts/public-page.js';
import { Badge } from '../../../components/ui/badge.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { paths } from '../../../config/paths.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useToast } from '../../../hooks/use-toast.js';
import { joinWaitlistFailureMessage, useJoinWaitlist } from '../api/join-waitlist.js';

/** The form checks the e-mail by the same rule the server does (spec section 5, "Waitlist"). */
const ZWaitlistFormSchema = ZWaitlistRequestSchema.pick({ email: true });
type TWaitlistForm = { email: string };

const WHAT_TO_EXPECT = [
  'Apply to US universities yourself, without an invite code from a school',
  'Get matched with schools that fit your profile and goals',
  'Follow each application and your F-1 visa steps in one place',
  'One e-mail from us when direct applications open',
] as const;

/** Spec section 2, "Waitlist page": interest in direct applications, which are not built yet. */
export function WaitlistPage() {
  const join = useJoinWaitlist();
  useDocumentTitle(join.isSuccess ? "You're on the list" : 'Direct University Applications');

  return (
    <PublicPage>
      {join.isSuccess ? <JoinedView email={join.variables.email} /> : <JoinView join={join} />}
    </PublicPage>
  );
}

function JoinView({ join }: { join: ReturnType<typeof useJoinWaitlist> }) {
  const { toast } = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TWaitlistForm>({
    resolver: zodResolver(ZWaitlistFormSchema),
    defaultValues: { email: '' },
  });
  const failure = join.isError ? joinWaitlistFailureMessage(join.error) : null;

  const onSubmit = handleSubmit(({ email }) => {
    join.mutate(
      { email },
      {
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: joinWaitlistFailureMessage(error),
            description: WAITLIST_MESSAGES.retry,
          });
        },
      },
    );
  });

  return (
    <>
      <BackHomeRow label="Back to Options" />

      <div className="mt-3 flex flex-col items-start gap-3">
        <Badge variant="warning">
          <Compass aria-hidden="true" />
          Waitlist only
        </Badge>
        <h1 className="text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
          Direct University Applications, Coming Soon
        </h1>
        <p className="text-base leading-relaxed text-pretty text-muted-foreground">
          Soon you will be able to apply to US universities yourself and be matched with schools
          that fit your profile and goals. Leave your e-mail and we will tell you when it opens.
        </p>
      </div>

      <Card className="mt-6 gap-5 p-5 sm:p-7">
        <FailureAlert failure={failure} titled>
          {WAITLIST_MESSAGES.retry}
        </FailureAlert>

        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <ReadyFieldset className="grid gap-5">
            <FormField id="email" label="Email address" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                {...register('email')}
              />
            </FormField>
            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={join.isPending}
              aria-busy={join.isPending}
            >
              {join.isPending ? (
                <>
                  <Spinner size="sm" />
                  Joining…
                </>
              ) : (
                'Join the Waitlist'
              )}
            </Button>
          </ReadyFieldset>
        </form>
      </Card>

      <section aria-labelledby="waitlist-expect" className="mt-8">
        <h2 id="waitlist-expect" className="text-lg font-semibold text-foreground">
          What to expect
        </h2>
        <ul className="mt-3 space-y-3 text-base text-foreground">
          {WHAT_TO_EXPECT.map((item) => (
            <li key={item} className="flex gap-3">
              <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-green-100">
                <Check className="size-3.5 text-success" aria-hidden="true" />
              </span>
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function JoinedView({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form is gone: tell keyboard and screen-reader users where they are now.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Card className="mt-6 items-center gap-4 p-6 text-center sm:p-8">
      <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-success">
        <MailCheck className="size-7" aria-hidden="true" />
      </span>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-foreground outline-none"
      >
        You&apos;re on the list
      </h1>
      <p className="text-base leading-relaxed text-pretty text-muted-foreground">
        We will e-mail <span className="font-semibold wrap-anywhere text-foreground">{email}</span>{' '}
        when direct university applications open.
      </p>
      <Button asChild size="lg" className="mt-2 w-full">
        <Link to={paths.home.getHref()}>Back to Home</Link>
      </Button>
      <p className="text-sm text-muted-foreground">
        Have an invite code from a school, or need help with yours?{' '}
        <TextLink asChild>
          <Link to={paths.signup.getHref()}>Start here</Link>
        </TextLink>
      </p>
    </Card>
  );
}
