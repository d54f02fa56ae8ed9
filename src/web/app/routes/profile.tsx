import { PasskeysSection } from '../../features/passkeys/components/passkeys-section.js';
import { ProfilePage } from '../../features/profile/components/profile-page.js';

/** /profile: the profile feature's page, with the student's passkeys below the form. */
export default function ProfileRoute() {
  return <ProfilePage passkeys={<PasskeysSection />} />;
}
