import { lazy, Suspense } from 'react';
import { PasskeysSection } from '../../features/passkeys/components/passkeys-section.js';
import { ProfilePage } from '../../features/profile/components/profile-page.js';

const NotificationsSection = lazy(
  () => import('../../features/notifications/components/notifications-section.js'),
);

/** /profile: the profile feature's page, with the student's passkeys and notifications below the form. */
export default function ProfileRoute() {
  return (
    <ProfilePage
      passkeys={
        <>
          <PasskeysSection />
          <Suspense fallback={null}>
            <NotificationsSection />
          </Suspense>
        </>
      }
    />
  );
}
