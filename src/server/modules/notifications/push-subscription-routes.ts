import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  ZPushSubscriptionRequestSchema,
  ZPushUnsubscribeRequestSchema,
} from '../../../shared/push-subscriptions.js';
import { recordAuditEvent, staffActor } from '../audit/record-audit-event.js';
import {
  deletePushSubscription,
  refuseInsecureEndpoint,
  savePushSubscription,
} from './push-subscriptions.js';

const SUBSCRIBE_SCHEMA = {
  tags: ['notifications'],
  body: ZPushSubscriptionRequestSchema,
  response: { 204: z.null().describe('Subscribed'), 400: ZErrorResponseSchema },
};
const UNSUBSCRIBE_SCHEMA = {
  tags: ['notifications'],
  description: 'Answers the same whether or not the caller had a subscription of that endpoint.',
  body: ZPushUnsubscribeRequestSchema,
  response: { 204: z.null().describe('Not subscribed (any more)'), 400: ZErrorResponseSchema },
};

/** Which push service a subscription is at, for the audit log: never its endpoint, a secret. */
const pushServiceOf = (endpoint: string) => new URL(endpoint).host;

/** The signed-in student's browsers that get web push (in verifiedStudentScope): theirs only. */
export const studentPushSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const production = app.config.env === 'production';

  app.post(
    API_PATHS.pushSubscriptions,
    {
      schema: {
        ...SUBSCRIBE_SCHEMA,
        summary: "Turn web push on for a browser of the signed-in student's",
      },
    },
    async (request, reply) => {
      refuseInsecureEndpoint(request.body.endpoint, production);
      await savePushSubscription(app.db, { studentId: request.student.id }, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    API_PATHS.pushSubscriptions,
    {
      schema: {
        ...UNSUBSCRIBE_SCHEMA,
        summary: "Turn web push off for a browser of the signed-in student's",
      },
    },
    async (request, reply) => {
      await deletePushSubscription(
        app.db,
        { studentId: request.student.id },
        request.body.endpoint,
      );
      return reply.status(204).send(null);
    },
  );
};

/** The signed-in staff member's browsers that get web push (in staffScope, every role; audited). */
export const staffPushSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const production = app.config.env === 'production';

  app.post(
    STAFF_API_PATHS.staffPushSubscriptions,
    {
      schema: {
        ...SUBSCRIBE_SCHEMA,
        summary: "Turn web push on for a browser of the signed-in staff member's (audited)",
      },
    },
    async (request, reply) => {
      const { endpoint } = request.body;
      refuseInsecureEndpoint(endpoint, production);
      await app.db.transaction(async (tx) => {
        await savePushSubscription(tx, { staffId: request.staff.id }, request.body);
        await recordAuditEvent(tx, staffActor(request), {
          action: 'push-subscription.add',
          details: { pushService: pushServiceOf(endpoint) },
        });
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    STAFF_API_PATHS.staffPushSubscriptions,
    {
      schema: {
        ...UNSUBSCRIBE_SCHEMA,
        summary: "Turn web push off for a browser of the signed-in staff member's (audited)",
      },
    },
    async (request, reply) => {
      const { endpoint } = request.body;
      await app.db.transaction(async (tx) => {
        if (!(await deletePushSubscription(tx, { staffId: request.staff.id }, endpoint))) return;
        await recordAuditEvent(tx, staffActor(request), {
          action: 'push-subscription.remove',
          details: { pushService: pushServiceOf(endpoint) },
        });
      });
      return reply.status(204).send(null);
    },
  );
};
