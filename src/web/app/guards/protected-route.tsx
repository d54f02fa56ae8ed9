import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '../../components/page-loading.js';
import { paths } from '../../config/paths.js';
import { useAuth } from '../../lib/auth.js';

/** Where the sign-up page resumes at its passkey step (spec section 2, "/signup"). */
const SIGNUP_PASSKEY_STEP_HREF = `${paths.signup.getHref()}?step=passkey`;

/**
 * Pages that need a signed-in, face-verified student (spec sections 2 and 6). A signed-out visitor
 * goes to /login. An onboarding session (from the invite lookup) is not signed in for these pages:
 * it is sent on to the step it still has to do, the identity check or then the passkey. A full
 * session whose identity is not verified yet goes to /face-verification.
 */
export function ProtectedRoute() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageLoading label="Checking your session…" />;
  if (status === 'unauthenticated' || !user) {
    return <Navigate to={paths.login.getHref()} replace />;
  }
  if (user.sessionScope === 'onboarding') {
    return (
      <Navigate
        to={user.faceVerified ? SIGNUP_PASSKEY_STEP_HREF : paths.faceVerification.getHref()}
        replace
      />
    );
  }
  if (!user.faceVerified) return <Navigate to={paths.faceVerification.getHref()} replace />;
  return <Outlet />;
}
