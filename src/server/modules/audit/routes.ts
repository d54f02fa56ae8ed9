import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZAuditListResponseSchema, ZAuditQuerySchema } from '../../../shared/audit-log.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import { HttpError } from '../../lib/http-error.js';
import { AUDIT_CSV_MAX_ROWS, auditCsvLines } from './audit-csv-lines.js';
import {
  auditCursorAfter,
  countAuditEvents,
  idOfAuditCursor,
  listAuditEvents,
} from './list-audit-events.js';

/** The audit log is the administrators' alone (the other roles get a 403 from staffScope). */
const ADMINS_ONLY = { staffRoles: ['admin'] } as const;

const ZAuditCsvQuerySchema = ZAuditQuerySchema.omit({ cursor: true, limit: true });

const tooMany = (count: number) =>
  `${count.toLocaleString('en-US')} events match; one export holds at most ${AUDIT_CSV_MAX_ROWS.toLocaleString('en-US')}. Choose a shorter date range or another filter.`;

/** `/staff/audit`: the audit log, filtered, a page at a time, and as a CSV file. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    STAFF_API_PATHS.staffAudit,
    {
      config: ADMINS_ONLY,
      schema: {
        summary: 'The audit log, newest first (administrators)',
        description:
          'Filter by staff member, student, action and UTC days (inclusive). Keyset pages: pass ' +
          "the answer's nextCursor as `cursor` for the next one.",
        tags: ['staff'],
        querystring: ZAuditQuerySchema,
        response: { 200: ZAuditListResponseSchema, 400: ZErrorResponseSchema },
      },
    },
    async (request) => {
      const { cursor, limit, ...filters } = request.query;
      const afterId = cursor === undefined ? undefined : idOfAuditCursor(cursor);
      const page = await listAuditEvents(app.db, filters, { afterId, limit });
      const last = page.items.at(-1);
      return {
        items: page.items,
        nextCursor: page.more && last ? auditCursorAfter(last.id) : null,
      };
    },
  );

  app.get(
    STAFF_API_PATHS.staffAuditCsv,
    {
      config: ADMINS_ONLY,
      schema: {
        summary: 'The audit log as a CSV file (administrators)',
        description:
          `Every event the filters match, newest first, at most ${AUDIT_CSV_MAX_ROWS} (a larger ` +
          'match is a 400: narrow the filters). Cells a spreadsheet would run as a formula start ' +
          'with a quote mark.',
        tags: ['staff'],
        querystring: ZAuditCsvQuerySchema,
        response: { 200: z.any().describe('text/csv'), 400: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const filters = request.query;
      const count = await countAuditEvents(app.db, filters);
      if (count > AUDIT_CSV_MAX_ROWS) throw new HttpError(400, tooMany(count));
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditCsvLines(app.db, filters)));
    },
  );
};
