import { API_PATHS } from '../../../../shared/api-paths.js';
import { ZNotificationPreferencesSchema } from '../../../../shared/notifications.js';
import { apiRequest } from '../../../lib/api-client.js';
import type { NotificationSettingsApi } from '../../../components/notification-settings.js';

/** The signed-in student's notification preferences and push subscriptions, with their session. */
export const studentNotificationSettingsApi: NotificationSettingsApi = {
  queryKey: ['notifications', 'preferences'],
  readPreferences: async () => {
    const res = await apiRequest('GET', API_PATHS.notificationPreferences);
    return ZNotificationPreferencesSchema.parse(await res.json());
  },
  savePreferences: async (body) => {
    const res = await apiRequest('PUT', API_PATHS.notificationPreferences, body);
    return ZNotificationPreferencesSchema.parse(await res.json());
  },
  subscribe: async (subscription) => {
    await apiRequest('POST', API_PATHS.pushSubscriptions, subscription);
  },
  unsubscribe: async (endpoint) => {
    await apiRequest('DELETE', API_PATHS.pushSubscriptions, { endpoint });
  },
};
