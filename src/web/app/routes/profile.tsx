import { ProfilePage } from '../../features/profile/components/profile-page.js';

export default function ProfileRoute() {
  return <ProfilePage />;
}
