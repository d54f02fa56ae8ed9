import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZNotificationPreferencesSchema } from '../../../shared/notifications.js';
import type { NotificationSettingsApi } from '../../components/notification-settings.js';
import { consoleRead, consoleRequest } from './console-request.js';

/** The signed-in staff member's own notification preferences and push subscriptions. */
export const staffNotificationSettingsApi: NotificationSettingsApi = {
  queryKey: ['staff', 'notifications', 'preferences'],
  readPreferences: () =>
    consoleRead(STAFF_API_PATHS.staffNotificationPreferences, ZNotificationPreferencesSchema),
  savePreferences: (body) =>
    consoleRead(
      STAFF_API_PATHS.staffNotificationPreferences,
      ZNotificationPreferencesSchema,
      'PUT',
      body,
    ),
  subscribe: async (subscription) => {
    await consoleRequest('POST', STAFF_API_PATHS.staffPushSubscriptions, subscription);
  },
  unsubscribe: async (endpoint) => {
    await consoleRequest('DELETE', STAFF_API_PATHS.staffPushSubscriptions, { endpoint });
  },
};
