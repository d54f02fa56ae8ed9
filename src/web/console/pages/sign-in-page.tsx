import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { STAFF_ROLES, type TStaffMember, type TStaffRole } from '../../../shared/staff.js';
import { PublicPage } from '../../components/layouts/public-page.js';
import { PageLoading } from '../../components/page-loading.js';
import { Alert, AlertDescription } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { FailureAlert } from '../../components/ui/failure-alert.js';
import { useDocumentTitle } from '../../hooks/use-document-title.js';
import { usePublicConfig } from '../../lib/public-config.js';
import { startConsoleSession, useStaffSession } from '../api/get-staff-session.js';
import { signInAsDemoStaff, signInWithStaffPasskey } from '../api/sign-in-staff.js';
import { consolePaths } from '../console-paths.js';
import { passkeyFailureMessage } from '../components/passkey-failure.js';

/** What a page that sends someone here says: where to return, and whether a session ended. */
export interface SignInLocationState {
  from?: string;
  sessionEnded?: boolean;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

const DEMO_BUTTONS: Record<TStaffRole, string> = {
  admin: 'Try as administrator',
  agent: 'Try as agent',
  school: 'Try as school officer',
};

function readState(state: unknown): SignInLocationState {
  return typeof state === 'object' && state !== null ? state : {};
}

/** Only a console address is a place to return to after signing in. */
function returnAddress(from: string | undefined): string {
  return from?.startsWith('/staff/') ? from : consolePaths.students.getHref();
}

/**
 * `/staff/sign-in`: the staff member's passkey, and in demo mode one button per role. Someone
 * already signed in goes straight on to the students.
 */
export function SignInPage() {
  useDocumentTitle('Staff sign-in');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useStaffSession();
  const config = usePublicConfig();
  const [canUsePasskeys] = useState(browserSupportsWebAuthn);
  const state = readState(location.state);
  const next = returnAddress(state.from);

  const onSignedIn = async (staff: TStaffMember) => {
    startConsoleSession(queryClient, staff);
    await navigate(next, { replace: true });
  };
  const passkey = useMutation({ mutationFn: signInWithStaffPasskey, onSuccess: onSignedIn });
  const demo = useMutation({ mutationFn: signInAsDemoStaff, onSuccess: onSignedIn });
  const busy = passkey.isPending || demo.isPending;

  if (session.isPending) return <PageLoading />;
  if (session.data) return <Navigate to={next} replace />;

  const failure = passkey.isError
    ? passkeyFailureMessage(passkey.error, {
        cancelled:
          'No passkey was used. Try again, or ask an administrator for a new enrolment link if this device has no passkey for the console.',
        fallback: 'We could not sign you in with that passkey. Please try again.',
      })
    : demo.isError
      ? 'The demo sign-in failed. Please try again.'
      : null;

  return (
    <PublicPage homeLink={false} languageChoice={false}>
      <div className="flex flex-col gap-6 pt-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Staff console</h1>
          <p className="mt-1 text-base text-muted-foreground">
            For the consultancy&apos;s administrators, agents and school officers.
          </p>
        </div>
        {state.sessionEnded && !busy ? (
          <Alert variant="warning">
            <AlertDescription>{SESSION_ENDED_MESSAGE}</AlertDescription>
          </Alert>
        ) : null}
        <FailureAlert failure={failure} />
        <Card className="gap-5 p-6">
          <CardHeader>
            <CardTitle>Sign in</CardTitle>
            <CardDescription>Use the passkey you created from your enrolment link.</CardDescription>
          </CardHeader>
          {canUsePasskeys ? (
            <Button
              size="lg"
              aria-busy={passkey.isPending}
              onClick={() => {
                if (!busy) passkey.mutate();
              }}
            >
              <KeyRound aria-hidden="true" />
              {passkey.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
            </Button>
          ) : (
            <Alert variant="warning" role="status">
              <AlertDescription>
                This browser cannot use passkeys. Open the console in a current version of Chrome,
                Edge, Safari or Firefox.
              </AlertDescription>
            </Alert>
          )}
        </Card>
        {config.data?.demoMode ? (
          <Card className="gap-4 p-6">
            <CardHeader>
              <CardTitle>Try the console</CardTitle>
              <CardDescription>
                Demo mode: sign in as one of the demo staff, each seeing the students of their role.
              </CardDescription>
            </CardHeader>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {STAFF_ROLES.map((role) => (
                <Button
                  key={role}
                  variant="outline"
                  aria-busy={demo.isPending && demo.variables === role}
                  onClick={() => {
                    if (!busy) demo.mutate(role);
                  }}
                >
                  {DEMO_BUTTONS[role]}
                </Button>
              ))}
            </div>
          </Card>
        ) : null}
      </div>
    </PublicPage>
  );
}
