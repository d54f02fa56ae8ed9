/**
 * Why a refresh could not use the source. Every code means the same thing to the caller: keep
 * the last good figures, record the refresh as failed with the message, and try again at the next
 * scheduled run. The codes differ in who must act:
 * - unreachable, timeout, http_status, too_large: the source or the network; usually passes.
 * - no_table, no_student_column, truncated, too_few_posts: the page changed shape (or arrived
 *   cut off); if it repeats, the parser needs updating for the new page.
 */
export type WaitTimesSourceErrorCode =
  /** The connection failed: DNS, refused, reset, TLS. */
  | 'unreachable'
  /** No complete answer within the time limit. */
  | 'timeout'
  /** The source answered, but not with a 2xx. */
  | 'http_status'
  /** The answer is far larger than the page ever is; not read further. */
  | 'too_large'
  /** The page has no table at all. */
  | 'no_table'
  /** No table has a column whose header names F, M and J in parentheses. */
  | 'no_student_column'
  /** The table never closes: the page was cut off. */
  | 'truncated'
  /** The table holds fewer posts than the page always lists. */
  | 'too_few_posts';

export class WaitTimesSourceError extends Error {
  override name = 'WaitTimesSourceError';
  constructor(
    readonly code: WaitTimesSourceErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The refresh was stopped because the server is closing: nothing is recorded. */
export class RefreshCancelled extends Error {
  override name = 'RefreshCancelled';
}
