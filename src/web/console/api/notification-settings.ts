import { API_PATHS } from '../../../shared/api-paths.js';
import { ZNotificationPreferencesSchema } from '../../../shared/notifications.js';
import type { NotificationSettingsApi } from '../../components/notification-settings.js';
import { consoleRead, consoleRequest } from './console-request.js';

/** The signed-in staff member's own notification preferences and push subscriptions. */
export const staffNotificationSettingsApi: NotificationSettingsApi = {
  queryKey: ['staff', 'notifications', 'preferences'],
  readPreferences: () =>
    consoleRead(API_PATHS.staffNotificationPreferences, ZNotificationPreferencesSchema),
  savePreferences: (body) =>
    consoleRead(
      API_PATHS.staffNotificationPreferences,
      ZNotificationPreferencesSchema,
      'PUT',
      body,
    ),
  subscribe: async (subscription) => {
    await consoleRequest('POST', API_PATHS.staffPushSubscriptions, subscription);
  },
  unsubscribe: async (endpoint) => {
    await consoleRequest('DELETE', API_PATHS.staffPushSubscriptions, { endpoint });
  },
};
