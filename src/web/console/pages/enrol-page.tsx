import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PublicPage } from '../../components/layouts/public-page.js';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { FailureAlert } from '../../components/ui/failure-alert.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../components/ui/loading-status.js';
import { useDocumentTitle } from '../../hooks/use-document-title.js';
import { failedStatus, failureMessage } from '../api/console-request.js';
import { enrolBeginQueryOptions, enrolStaffPasskey } from '../api/enrol-staff.js';
import { startConsoleSession } from '../api/get-staff-session.js';
import { passkeyFailureMessage } from '../components/passkey-failure.js';
import { consolePaths } from '../console-paths.js';

export const LINK_NOT_VALID =
  'This enrolment link has expired or has already been used. Ask an administrator for a new one.';

/**
 * The token of an enrolment link: in its fragment (`#token=…`), which no server, proxy or log ever
 * sees, or in its query (`?token=…`) for a mail program that drops fragments.
 */
function readToken(hash: string, search: string): string | null {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return fromHash || new URLSearchParams(search).get('token') || null;
}

/** `/staff/enrol`: a new staff member (or one recovering access) creates their passkey. */
export function EnrolPage() {
  useDocumentTitle('Create your passkey');
  const location = useLocation();
  const [token] = useState(() => readToken(location.hash, location.search));
  return (
    <PublicPage homeLink={false} languageChoice={false}>
      <div className="flex flex-col gap-6 pt-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Join the staff console</h1>
        {token ? (
          <Enrolment token={token} />
        ) : (
          <Alert variant="destructive">
            <AlertTitle>This enrolment link is incomplete.</AlertTitle>
            <AlertDescription>
              Open the whole link you were given, or ask an administrator for a new one.
            </AlertDescription>
          </Alert>
        )}
      </div>
    </PublicPage>
  );
}

function Enrolment({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [canUsePasskeys] = useState(browserSupportsWebAuthn);
  const begin = useQuery(enrolBeginQueryOptions(token));
  const enrol = useMutation({
    mutationFn: () => {
      if (!begin.data) throw new Error('The enrolment has not begun.');
      return enrolStaffPasskey(token, begin.data.options);
    },
    onSuccess: async (staff) => {
      startConsoleSession(queryClient, staff);
      await navigate(consolePaths.students.getHref(), { replace: true });
    },
    // A challenge serves one attempt: the next one asks for a fresh one.
    onError: () => void begin.refetch(),
  });

  if (begin.isPending) return <LoadingStatus>Checking your enrolment link…</LoadingStatus>;
  if (begin.isError) {
    const status = failedStatus(begin.error);
    if (status === null || status >= 500) {
      return (
        <LoadFailedAlert
          title="Your enrolment link could not be checked."
          onRetry={() => void begin.refetch()}
        />
      );
    }
    return (
      <Alert variant="destructive">
        <AlertTitle>This link cannot be used.</AlertTitle>
        <AlertDescription>{failureMessage(begin.error, LINK_NOT_VALID)}</AlertDescription>
      </Alert>
    );
  }

  const failure = enrol.isError
    ? passkeyFailureMessage(enrol.error, {
        cancelled: 'No passkey was created. Try again when you are ready.',
        fallback: 'Your passkey could not be saved. Please try again.',
      })
    : null;
  return (
    <>
      <FailureAlert failure={failure} />
      <Card className="gap-5 p-6">
        <CardHeader>
          <CardTitle>Welcome, {begin.data.name}</CardTitle>
          <CardDescription>
            Create a passkey on this device: it is how you will sign in to the console, with your
            fingerprint, face or screen lock. The link works once.
          </CardDescription>
        </CardHeader>
        {canUsePasskeys ? (
          <Button
            size="lg"
            aria-busy={enrol.isPending || begin.isFetching}
            onClick={() => {
              if (!enrol.isPending && !begin.isFetching) enrol.mutate();
            }}
          >
            <KeyRound aria-hidden="true" />
            {enrol.isPending ? 'Creating your passkey…' : 'Create your passkey'}
          </Button>
        ) : (
          <Alert variant="warning" role="status">
            <AlertDescription>
              This browser cannot create passkeys. Open the link in a current version of Chrome,
              Edge, Safari or Firefox.
            </AlertDescription>
          </Alert>
        )}
      </Card>
    </>
  );
}
