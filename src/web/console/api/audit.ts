import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZAuditListResponseSchema, ZAuditQuerySchema } from '../../../shared/audit-log.js';
import { consoleRead, withQuery } from './console-request.js';

/** The audit log's filters, in the order the page's URL, the API and the CSV link spell them. */
export const AUDIT_FILTER_KEYS = ['staffId', 'studentId', 'action', 'from', 'to'] as const;
export type TAuditFilters = Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>>;

/** The filters the page's address holds; a value the API would refuse is left out. */
export function readAuditFilters(params: URLSearchParams): TAuditFilters {
  const filters: TAuditFilters = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const raw = params.get(key)?.trim();
    if (raw && ZAuditQuerySchema.shape[key].safeParse(raw).success) filters[key] = raw;
  }
  return filters;
}

export function auditFilterParams(filters: TAuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** GET /api/staff/audit.csv with the same filters: the browser downloads it with the cookie. */
export const auditCsvHref = (filters: TAuditFilters) =>
  withQuery(STAFF_API_PATHS.staffAuditCsv, auditFilterParams(filters));

/** GET /api/staff/audit (administrators), newest first, "Load more" through nextCursor. */
export function useAuditLog(filters: TAuditFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['staff', 'audit', auditFilterParams(filters).toString()],
      // The app's cache keeps answers until told otherwise; the log is read afresh each visit.
      staleTime: 0,
      queryFn: ({ pageParam }) => {
        const params = auditFilterParams(filters);
        if (pageParam) params.set('cursor', pageParam);
        return consoleRead(withQuery(STAFF_API_PATHS.staffAudit, params), ZAuditListResponseSchema);
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}
