/**
 * On a student's offline copy (decision 007): when the worker kept it (ISO 8601), so a page can
 * say how old the data it shows is ("Last updated 14:05") instead of passing it off as current.
 * A module of its own, not offline-reads.ts: that one loads with the welcome page, this does not.
 */
export const OFFLINE_COPY_KEPT_AT_HEADER = 'X-Offline-Copy-Kept-At';
