import { useState, type ReactNode } from 'react';
import { PortalPage } from '../../../components/layouts/portal-page.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { PROFILE_MESSAGES } from '../../../../shared/profile.js';
import { useProfile, useProfileStudentId } from '../api/get-profile.js';
import { ProfileForm } from './profile-form.js';

/**
 * /profile (spec section 2): the student's profile form, once their profile has loaded; then
 * `passkeys`, the section the route puts there from the passkeys feature, once the form's size is
 * known: drawn earlier, it would be pushed down as the form lands.
 */
export function ProfilePage({ passkeys }: { passkeys?: ReactNode }) {
  useDocumentTitle('Profile');
  const studentId = useProfileStudentId();
  const profile = useProfile();
  // 'Edit Profile' pressed on the offline copy: the whole profile, once read, opens for editing.
  const [editWhenWhole, setEditWhenWhole] = useState(false);

  async function readWholeProfile(): Promise<boolean> {
    // Set first: the whole profile mounts a new form as soon as it arrives.
    setEditWhenWhole(true);
    const { data } = await profile.refetch();
    const whole = data?.offlineCopy === false;
    setEditWhenWhole(whole);
    return whole;
  }

  return (
    <PortalPage
      title="Profile"
      description="Your personal details, address, studies and emergency contact, for your school and your visa."
      width="narrow"
    >
      {profile.data ? (
        // A new student on the same tab starts from their own values, never the last one's; the
        // whole profile replacing the offline copy starts from its own values too.
        <ProfileForm
          key={`${studentId}:${profile.data.offlineCopy}`}
          read={profile.data}
          startEditing={editWhenWhole}
          readWholeProfile={readWholeProfile}
        />
      ) : profile.isError ? (
        <LoadFailedAlert
          title={PROFILE_MESSAGES.loadFailed}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <LoadingStatus>Loading your profile…</LoadingStatus>
      )}
      {profile.isPending ? null : passkeys}
    </PortalPage>
  );
}
