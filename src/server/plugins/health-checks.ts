import type { LogLevel } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { configWarnings } from '../config.js';
import { readMigrationStatus } from '../db/migration-status.js';

/** A load balancer waits a few seconds at most; a database slower than this is not ready. */
export const READINESS_TIMEOUT_MS = 3_000;

/** Settings an operator should not have left on (config.ts configWarnings), when there are any. */
const ZWarningsSchema = z.array(z.string()).optional();
const ZHealthySchema = z.object({ status: z.literal('ok') });
const ZReadySchema = z.object({ status: z.literal('ok'), warnings: ZWarningsSchema });
const ZUnavailableSchema = z.object({
  status: z.literal('unavailable'),
  reason: z.string(),
  warnings: ZWarningsSchema,
});

class ReadinessTimeout extends Error {}

const LEVEL_ORDER: readonly LogLevel[] = [
  'trace',
  'debug',
  'info',
  'warn',
  'error',
  'fatal',
  'silent',
];

/** Warnings and worse, or less when LOG_LEVEL asks for less: a route's level overrides the app's. */
function probeLogLevel(configured: string): LogLevel {
  const level = LEVEL_ORDER.find((l) => l === configured) ?? 'info';
  return LEVEL_ORDER.indexOf(level) > LEVEL_ORDER.indexOf('warn') ? level : 'warn';
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new ReadinessTimeout());
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * Probes for whatever runs the instances (a load balancer, Kubernetes, systemd):
 * /healthz answers while the process serves HTTP at all (restart it when this fails);
 * /readyz answers 200 only when the database answers and has every migration of this build
 * (send it traffic only then), else 503 with the reason. Probes come every few seconds from
 * every balancer, so their request logs are kept to warnings.
 */
export const healthChecks: FastifyPluginAsyncZod = async (app) => {
  const logLevel = probeLogLevel(app.config.logLevel);
  const warnings = configWarnings(app.config);
  const details = warnings.length > 0 ? { warnings } : {};
  app.get(
    '/healthz',
    {
      logLevel,
      schema: {
        summary: 'Liveness: the process is up',
        tags: ['operations'],
        response: { 200: ZHealthySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    {
      logLevel,
      schema: {
        summary: 'Readiness: the database is reachable and fully migrated',
        tags: ['operations'],
        response: { 200: ZReadySchema, 503: ZUnavailableSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      let reason: string;
      try {
        const status = await withTimeout(readMigrationStatus(app.db), READINESS_TIMEOUT_MS);
        if (status.ok) return { status: 'ok' as const, ...details };
        reason =
          status.reason === 'not_migrated'
            ? 'the database has not been migrated'
            : `the database has ${status.applied} of ${status.expected} migrations`;
      } catch (error) {
        // The reason names the failure's kind only: a driver's message may carry the address.
        reason =
          error instanceof ReadinessTimeout
            ? `the database did not answer within ${READINESS_TIMEOUT_MS} ms`
            : 'the database is unreachable';
        request.log.warn({ err: error }, 'readiness check failed');
      }
      return reply.status(503).send({ status: 'unavailable' as const, reason, ...details });
    },
  );
};
