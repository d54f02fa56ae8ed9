import { NotificationSettings } from '../../components/notification-settings.js';
import { staffNotificationSettingsApi } from '../api/notification-settings.js';
import { ConsolePage } from '../components/console-page.js';

/**
 * `/staff/notifications` (every role): the signed-in staff member's own notifications, the daily
 * digest e-mail and push as students write or upload, and push on this device.
 */
export function NotificationsPage() {
  return (
    <ConsolePage
      title="Notifications"
      description="What the portal tells you about the students you work with, and how."
    >
      <div className="max-w-2xl">
        <NotificationSettings audience="staff" api={staffNotificationSettingsApi} />
      </div>
    </ConsolePage>
  );
}
