import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TErrorResponse } from '../shared/errors.js';
import './app-context.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { deriveDataKeys } from './lib/crypto.js';
import { WEB_DIST_DIR } from './lib/paths.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { serializeError } from './lib/serialize-error.js';
import { authenticate } from './modules/auth/authenticate.js';
import { applicantDataRoutes } from './modules/applicant-data/routes.js';
import { applicationRoutes } from './modules/applications/routes.js';
import { documentRoutes } from './modules/documents/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { moiRoutes } from './modules/moi/routes.js';
import { profileRoutes } from './modules/profile/routes.js';
import { roadmapRoutes } from './modules/roadmap/routes.js';
import { helpRoutes } from './modules/help/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { identityVerificationRoutes } from './modules/identity-verification/routes.js';
import { createSessionTokenSigner } from './modules/auth/session-token.js';
import { verifiedStudentScope } from './modules/auth/verified-student-scope.js';
import { languageRoutes } from './modules/language/routes.js';
import { onboardingRoutes } from './modules/onboarding/routes.js';
import { accountRecoveryRoutes } from './modules/account-recovery/routes.js';
import { waitlistRoutes } from './modules/waitlist/routes.js';
import { passkeyManagementRoutes } from './modules/passkeys/management-routes.js';
import { passkeyRoutes } from './modules/passkeys/routes.js';
import { publicConfigRoutes } from './modules/public-config/routes.js';
import { visaWaitTimesModule } from './modules/visa-wait-times/plugin.js';
import { allowedMethods } from './plugins/allowed-methods.js';
import { connectionsPerClient } from './plugins/connections-per-client.js';
import { errorHandling } from './plugins/error-handling.js';
import { healthChecks } from './plugins/health-checks.js';
import { openApi } from './plugins/openapi.js';
import { expiredRowsPruning } from './plugins/expired-rows-pruning.js';
import { securityHeaders } from './plugins/security-headers.js';
import { textWithoutNul } from './plugins/text-without-nul.js';
import { staffPasskeyRoutes } from './modules/staff-accounts/passkey-routes.js';
import { staffTeamRoutes } from './modules/staff-accounts/team-routes.js';
import { staffSessionRoutes, staffSignInRoutes } from './modules/staff-auth/routes.js';
import { notificationDelivery } from './modules/notifications/notification-delivery.js';
import { staffMailRoutes } from './modules/notifications/staff-mail-routes.js';
import {
  staffPushSubscriptionRoutes,
  studentPushSubscriptionRoutes,
} from './modules/notifications/push-subscription-routes.js';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe-routes.js';
import {
  notificationPreferenceRoutes,
  staffNotificationPreferenceRoutes,
} from './modules/notifications/preference-routes.js';
import { staffDocumentRequestRoutes } from './modules/document-requests/staff-routes.js';
import { studentDocumentRequestRoutes } from './modules/document-requests/student-routes.js';
import { staffScope, staffSessions } from './modules/staff-auth/staff-scope.js';
import { staffStudentRoutes } from './modules/staff-students/routes.js';
import {
  staffIssuedDocumentRoutes,
  studentIssuedDocumentRoutes,
} from './modules/issued-documents/routes.js';
import { staffInviteRoutes } from './modules/invites/staff-invite-routes.js';
import { staffNoteRoutes } from './modules/staff-notes/routes.js';
import { studentImportRoutes } from './modules/student-import/routes.js';
import { staffInboxRoutes } from './modules/staff-inbox/routes.js';
import { savedReplyRoutes } from './modules/saved-replies/routes.js';
import { studentRecordRoutes } from './modules/student-records/routes.js';
import { studentDataRoutes } from './modules/student-data/routes.js';
import { studentBulkChangeRoutes } from './modules/student-bulk-changes/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { webApp } from './plugins/web-app.js';
import { fileStoragePlugin } from './storage/plugin.js';

export interface BuildOptions {
  /** Where the built web app is; tests point it at a fixture or leave it unbuilt. */
  webDistDir?: string;
  version?: string;
}

/** JSON bodies in this API are small forms; anything larger is refused with a 413. */
const JSON_BODY_LIMIT = 100 * 1024;
/**
 * How long a connection may take to send what it must (docs/operations.md, "Timeouts"): its
 * headers; a whole request, a 10 MB upload on a slow uplink included; and any stretch in which
 * nothing arrives during a request, which ends a body sent by the byte with pauses without
 * waiting for the whole request's time. (Between requests a kept-alive connection waits
 * Fastify's 72 s keep-alive timeout, longer than the proxies in front of it usually do.)
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 120_000;
const IDLE_TIMEOUT_MS = 30_000;

/**
 * Request logs carry the method, path, status and request id: no addresses, headers, bodies or
 * query strings, which can hold personal data.
 */
const logSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, path: req.url.split('?')[0] }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
  // Errors carry the failed request's data (a query's parameters): only their shape is logged.
  err: serializeError,
};

/**
 * A URL the router cannot take (bad percent-encoding, a path parameter over its 100-character
 * limit). Fastify's own answer echoes the path, which can carry a personal value, outside the
 * spec's error format and without the security headers; this one says nothing of the request.
 */
function answerUnroutableUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const body: TErrorResponse = { message: 'This address is not valid.' };
  // The app's onSend hooks (helmet, cache-control) do not run for a request no route took.
  void reply
    .status(status)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('cache-control', 'no-store')
    .send(body);
}

/** Builds the whole app from a config; it opens the database but never listens (tests inject). */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, serializers: logSerializers },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: IDLE_TIMEOUT_MS,
    // Node checks the headers and request timeouts every 30 s unless told otherwise.
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerUnroutableUrl,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const database = openDatabase(config.database, (error) => {
    app.log.warn({ err: error }, 'an idle database connection was closed by the server');
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('dataKeys', deriveDataKeys(config.dataKey));
  app.decorate(
    'sessionTokens',
    createSessionTokenSigner(config.tokenSecret, config.sessionTtlSeconds),
  );
  app.addHook('onClose', () => database.close());
  // API answers are private and fresh by default. A route may set its own Cache-Control (public
  // wait times do); it is kept on a successful answer only, so an error is never cached.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const routeCaches = reply.hasHeader('cache-control') && reply.statusCode < 400;
    if (request.url.startsWith('/api/') && !routeCaches) reply.header('cache-control', 'no-store');
  });

  await app.register(connectionsPerClient, {
    limit: config.connectionsPerClient,
    trustProxy: config.trustProxy,
  });
  await app.register(errorHandling);
  await app.register(allowedMethods);
  await app.register(textWithoutNul);
  await app.register(securityHeaders, {
    production: config.env === 'production',
    identityProvider: config.identityProvider.kind,
  });
  await app.register(openApi, {
    version: options.version ?? '0.0.0',
    productName: config.branding.productName,
  });
  await app.register(cookie);
  await app.register(authenticate);
  await app.register(fileStoragePlugin);
  await app.register(expiredRowsPruning);
  await app.register(notificationDelivery);
  await app.register(healthChecks);
  await app.register(publicConfigRoutes);
  await app.register(authRoutes);
  await app.register(onboardingRoutes);
  await app.register(accountRecoveryRoutes);
  await app.register(identityVerificationRoutes);
  await app.register(waitlistRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(passkeyRoutes);
  await app.register(passkeyManagementRoutes);
  await app.register(verifiedStudentScope, {
    routes: [
      applicantDataRoutes,
      applicationRoutes,
      messageRoutes,
      documentRoutes,
      moiRoutes,
      profileRoutes,
      roadmapRoutes,
      helpRoutes,
      studentIssuedDocumentRoutes,
      studentDocumentRequestRoutes,
      studentPushSubscriptionRoutes,
      notificationPreferenceRoutes,
      languageRoutes,
    ],
  });
  await app.register(visaWaitTimesModule);
  await app.register(staffSessions);
  await app.register(staffSignInRoutes);
  await app.register(staffPasskeyRoutes);
  await app.register(staffScope, {
    routes: [
      staffSessionRoutes,
      staffTeamRoutes,
      staffStudentRoutes,
      studentRecordRoutes,
      staffIssuedDocumentRoutes,
      staffNoteRoutes,
      staffInviteRoutes,
      studentImportRoutes,
      staffInboxRoutes,
      savedReplyRoutes,
      auditRoutes,
      studentDataRoutes,
      studentBulkChangeRoutes,
      staffDocumentRequestRoutes,
      staffMailRoutes,
      staffPushSubscriptionRoutes,
      staffNotificationPreferenceRoutes,
    ],
  });
  await app.register(webApp, { webDistDir: options.webDistDir ?? WEB_DIST_DIR });
  return app;
}
