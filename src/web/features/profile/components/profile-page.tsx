import { PortalPage } from '../../../components/layouts/portal-page.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
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
    <PortalPage
      title="Profile"
      description="Your personal details, address, studies and emergency contact, for your school and your visa."
      width="narrow"
    >
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
    </PortalPage>
  );
}
