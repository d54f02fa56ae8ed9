import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { ZNotificationPreferencesSchema } from '../../../shared/notifications.js';
import { staffActor, recordAuditEvent } from '../audit/record-audit-event.js';
import { readPreferences, writePreferences } from './notification-preferences.js';

const DESCRIPTION =
  'Every switch of the "Notifications" section, on unless turned off. A PUT names the switches it changes; the others keep their state. Security notices and account e-mails have no switch: they are always sent.';

const schemaOf = (summary: string, tags: string[]) => ({
  summary,
  description: DESCRIPTION,
  tags,
  response: { 200: ZNotificationPreferencesSchema, 400: ZErrorResponseSchema },
});

/** The signed-in student's notification preferences. Registered in verifiedStudentScope. */
export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.notificationPreferences,
    { schema: schemaOf("The signed-in student's notification preferences", ['notifications']) },
    async (request) => ({
      preferences: await readPreferences(app.db, { studentId: request.student.id }),
    }),
  );

  app.put(
    API_PATHS.notificationPreferences,
    {
      schema: {
        ...schemaOf("Turn the signed-in student's notifications on or off", ['notifications']),
        body: ZNotificationPreferencesSchema,
      },
    },
    async (request) => {
      const student = { studentId: request.student.id };
      await writePreferences(app.db, student, request.body.preferences);
      return { preferences: await readPreferences(app.db, student) };
    },
  );
};

/** The signed-in staff member's own notification preferences (every role; audited). In staffScope. */
export const staffNotificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    STAFF_API_PATHS.staffNotificationPreferences,
    { schema: schemaOf('Your notification preferences', ['staff']) },
    async (request) => ({
      preferences: await readPreferences(app.db, { staffId: request.staff.id }),
    }),
  );

  app.put(
    STAFF_API_PATHS.staffNotificationPreferences,
    {
      schema: {
        ...schemaOf('Turn your notifications on or off (audited)', ['staff']),
        body: ZNotificationPreferencesSchema,
      },
    },
    async (request) => {
      const member = { staffId: request.staff.id };
      const { preferences } = request.body;
      await app.db.transaction(async (tx) => {
        await writePreferences(tx, member, preferences);
        await recordAuditEvent(tx, staffActor(request), {
          action: 'notification.preferences',
          details: { preferences },
        });
      });
      return { preferences: await readPreferences(app.db, member) };
    },
  );
};
