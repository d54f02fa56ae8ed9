import { lazy, Suspense } from 'react';
import { usePasskeys } from '../../features/passkeys/api/get-passkeys.js';
import { PasskeysSection } from '../../features/passkeys/components/passkeys-section.js';
import { ProfilePage } from '../../features/profile/components/profile-page.js';

const NotificationsSection = lazy(
  () => import('../../features/notifications/components/notifications-section.js'),
);

/**
 * /profile: the profile feature's page, with the student's passkeys and notifications below the
 * form. The notifications come in once the passkeys have loaded: drawn earlier, they would be
 * pushed down as the list above them lands (docs/performance.md, layout shift).
 */
export default function ProfileRoute() {
  // isLoading, not isPending: a list that is never read waits for nothing.
  const passkeysLoading = usePasskeys().isLoading;
  return (
    <ProfilePage
      passkeys={
        <>
          <PasskeysSection />
          {passkeysLoading ? null : (
            <Suspense fallback={null}>
              <NotificationsSection />
            </Suspense>
          )}
        </>
      }
    />
  );
}
