import { RefreshCancelled, WaitTimesSourceError } from './refresh-errors.js';

/** The page is about 100 KB; anything past this is not the page and is not held in memory. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

export interface FetchPageOptions {
  /** The whole exchange, body included, must finish within this. */
  timeoutMs: number;
  /** Aborted when the server closes: the fetch stops and nothing is recorded. */
  cancel: AbortSignal;
}

async function readLimited(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    if (bytes > MAX_PAGE_BYTES) {
      await reader.cancel();
      throw new WaitTimesSourceError('too_large', `the answer is over ${MAX_PAGE_BYTES} bytes`);
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}

function failure(error: unknown, timeout: AbortSignal, cancel: AbortSignal): Error {
  if (error instanceof WaitTimesSourceError) return error;
  if (cancel.aborted) return new RefreshCancelled('the server is closing');
  if (timeout.aborted) {
    return new WaitTimesSourceError('timeout', 'the source did not answer in time', {
      cause: error,
    });
  }
  const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const detail = reason instanceof Error ? reason.message : String(reason);
  return new WaitTimesSourceError('unreachable', `the source could not be reached (${detail})`, {
    cause: error,
  });
}

/** GETs the official page as text; a non-2xx answer, a time-out or a failed connection throws. */
export async function fetchSourcePage(url: string, options: FetchPageOptions): Promise<string> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([timeout, options.cancel]);
  try {
    const res = await fetch(url, {
      headers: { accept: 'text/html,application/xhtml+xml' },
      redirect: 'follow',
      signal,
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new WaitTimesSourceError('http_status', `the source answered HTTP ${res.status}`);
    }
    if (!res.body) return '';
    return await readLimited(res.body);
  } catch (error) {
    throw failure(error, timeout, options.cancel);
  }
}
