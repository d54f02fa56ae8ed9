import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ZStaffStudentListQuerySchema,
  type TStaffStudentSort,
} from '../../../shared/staff-students.js';
import type { TStudentStage } from '../../../shared/student-stages.js';
import { withQuery } from './console-request.js';

/** The list's filters, in the order the page's URL and the API's URL spell them. */
const LIST_FILTER_KEYS = [
  'q',
  'passport',
  'stage',
  'schoolId',
  'agencyId',
  'needsMyAction',
  'sort',
] as const;

/** The list query's filters as an address holds them: text, checked against the contract. */
export interface TStudentListFilters {
  q?: string | undefined;
  passport?: string | undefined;
  stage?: TStudentStage | undefined;
  schoolId?: string | undefined;
  agencyId?: string | undefined;
  needsMyAction?: 'true' | 'false' | undefined;
  sort?: TStaffStudentSort | undefined;
}

const ZFilterSchema = ZStaffStudentListQuerySchema.pick({
  q: true,
  passport: true,
  stage: true,
  schoolId: true,
  agencyId: true,
  needsMyAction: true,
});

/**
 * The filters the page's address holds, so a list can be bookmarked and shared: all but the
 * passport number, which the page keeps in memory only, since an address is kept in the browser's
 * history and the number must never be stored in the clear. A value the API would refuse (a stage
 * that does not exist, an edited link) is left out rather than failing the page, and an empty one
 * means no filter.
 */
export function readListFilters(params: URLSearchParams): TStudentListFilters {
  const filters: TStudentListFilters = {};
  for (const key of LIST_FILTER_KEYS) {
    if (key === 'passport') continue;
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    if (key === 'sort') {
      if (raw === 'name' || raw === 'activity') filters.sort = raw;
      continue;
    }
    const parsed = ZFilterSchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [key]: raw });
  }
  return filters;
}

/**
 * The filters as a query string's parameters, in LIST_FILTER_KEYS' order, unset ones left out:
 * for the API with the passport number, for the page's address (`forAddress`) without it.
 */
export function listFilterParams(
  filters: TStudentListFilters,
  { forAddress = false }: { forAddress?: boolean } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LIST_FILTER_KEYS) {
    if (forAddress && key === 'passport') continue;
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  return params;
}

/**
 * GET /api/staff/students.csv with the list's filters, which the browser downloads with the
 * cookie. Never by passport number: the export refuses one, and a link must not hold it. With
 * `ids`, a selection of the list: those students, in the list's order.
 */
export function studentsCsvHref(filters: TStudentListFilters, ids?: readonly string[]): string {
  const params = listFilterParams(ids ? { sort: filters.sort } : filters, { forAddress: true });
  if (ids) params.set('ids', ids.join(','));
  return withQuery(STAFF_API_PATHS.staffStudentsCsv, params);
}
