import { NotificationSettings } from '../../../components/notification-settings.js';
import { studentNotificationSettingsApi } from '../api/notification-settings-api.js';

/**
 * The student's "Notifications" section on their profile, below the fold: loaded on its own
 * (app/routes/profile.tsx), so the profile's first screen does not wait for it.
 */
export default function NotificationsSection() {
  return <NotificationSettings audience="student" api={studentNotificationSettingsApi} />;
}
