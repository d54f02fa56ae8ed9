import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '../../components/page-loading.js';
import { paths } from '../../config/paths.js';
import { useAuth } from '../../lib/auth.js';

/**
 * The welcome page and the passkey screens (spec section 2, "Passkey screen"): a student with a
 * full session goes to the dashboard, or to identity verification if that is not done yet, so
 * home and the logo lead a signed-in student to their own home. An onboarding session is not
 * signed in yet and may stay: the screen's register mode is one place to create its passkey.
 */
export function SignedOutRoute() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageLoading label="Checking your session…" />;
  if (status === 'authenticated' && user?.sessionScope === 'student') {
    return (
      <Navigate
        to={user.faceVerified ? paths.dashboard.getHref() : paths.faceVerification.getHref()}
        replace
      />
    );
  }
  return <Outlet />;
}
