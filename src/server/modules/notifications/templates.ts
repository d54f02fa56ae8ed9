import type { NotificationTemplate } from './notification-template.js';
import { STAFF_TEMPLATES } from './staff-templates.js';
import { STUDENT_TEMPLATES } from './student-templates.js';

/** Every notification the portal writes, by name (notification-template.ts). */
export const NOTIFICATION_TEMPLATES = { ...STUDENT_TEMPLATES, ...STAFF_TEMPLATES } satisfies Record<
  string,
  NotificationTemplate
>;

export type TNotificationTemplate = keyof typeof NOTIFICATION_TEMPLATES;

export const templateOf = (name: string): NotificationTemplate | undefined =>
  (NOTIFICATION_TEMPLATES as Record<string, NotificationTemplate | undefined>)[name];
