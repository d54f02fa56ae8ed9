import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PortalLayout } from '../../../components/layouts/portal-layout.js';
import { Button } from '../../../components/ui/button.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { paths } from '../../../config/paths.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { PROFILE_MESSAGES } from '../../../../shared/profile.js';
import { useProfile, useProfileStudentId } from '../api/get-profile.js';
import { ProfileForm } from './profile-form.js';

/** /profile (spec section 2): the student's profile form, once their profile has loaded. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const studentId = useProfileStudentId();
  const profile = useProfile();

  return (
    <PortalLayout>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
          <Link to={paths.dashboard.getHref()}>
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile</h1>
          <p className="mt-1 text-base text-muted-foreground">
            Your personal details, address, studies and emergency contact, for your school and your
            visa.
          </p>
        </div>
        {profile.data ? (
          // A new student on the same tab starts from their own values, never the last one's.
          <ProfileForm key={studentId} profile={profile.data} />
        ) : profile.isError ? (
          <LoadFailedAlert
            title={PROFILE_MESSAGES.loadFailed}
            onRetry={() => void profile.refetch()}
          />
        ) : (
          <LoadingStatus>Loading your profile…</LoadingStatus>
        )}
      </main>
    </PortalLayout>
  );
}
