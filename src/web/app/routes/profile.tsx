import { ProfilePage } from '../../features/profile/components/profile-page.js';

export function ProfileRoute() {
  return <ProfilePage />;
}
