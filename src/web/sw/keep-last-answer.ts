/// <reference lib="webworker" />
import { OFFLINE_COPY_KEPT_AT_HEADER } from '../lib/offline-copy-kept-at.js';
import { OFFLINE_COPY_HEADER, offlineReadsCacheFor } from '../lib/offline-reads.js';
import { offlineCopyOf } from './offline-copy.js';
import { answerKeyFor, openAnswer, sealAnswer } from './seal-answer.js';

/**
 * Network first: the server's answer whenever it can be reached, the last good answer only when
 * it cannot. A refusal (401, 403) forgets the kept answer, so a revoked session cannot read it
 * back offline; other failures (a 500) reach the page as they are.
 */
export async function keepLastAnswer(request: Request): Promise<Response> {
  const authorization = request.headers.get('authorization');
  const cache = await caches.open(await offlineReadsCacheFor(authorization));
  const keeper = authorization ? sealedKeeper(await answerKeyFor(authorization)) : publicKeeper;
  // POST reads are kept under their URL: the cache stores GETs only, and their bodies say nothing.
  const url = request.url;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const kept = await cache.match(url);
    const served = kept ? await keeper.serve(url, kept) : null;
    if (served) return served;
    throw offline;
  }
  if (response.ok) {
    try {
      await cache.put(url, await keeper.keep(url, response.clone()));
    } catch (error) {
      // A full disk, say: the student still gets the server's answer, only not kept.
      console.warn('The answer could not be kept for offline use:', error);
    }
  } else if (response.status === 401 || response.status === 403) await cache.delete(url);
  return response;
}

/** How one cache holds answers: what goes in for a server's answer, and what comes back out. */
interface Keeper {
  keep(url: string, answer: Response): Promise<Response>;
  /** The answer to serve offline; null when what is kept cannot be opened. */
  serve(url: string, kept: Response): Promise<Response | null>;
}

/** Answers that name no student (the consulate wait times) are kept as they came. */
const publicKeeper: Keeper = {
  keep: async (_url, answer) => answer,
  serve: async (_url, kept) => {
    const headers = new Headers(kept.headers);
    headers.set(OFFLINE_COPY_HEADER, 'true');
    return new Response(kept.body, { status: kept.status, headers });
  },
};

/** The kept answer's own type says it is sealed; this header carries the answer's type. */
const SEALED_CONTENT_TYPE_HEADER = 'X-Sealed-Content-Type';

/**
 * A session's answers are kept sealed under its key, the profile without its sealed fields, with
 * the time they were kept.
 */
function sealedKeeper(key: CryptoKey): Keeper {
  return {
    keep: async (url, answer) =>
      new Response(await sealAnswer(key, url, await offlineCopyOf(url, answer)), {
        status: answer.status,
        headers: {
          'Content-Type': 'application/octet-stream',
          [SEALED_CONTENT_TYPE_HEADER]: answer.headers.get('content-type') ?? 'application/json',
          [OFFLINE_COPY_KEPT_AT_HEADER]: new Date().toISOString(),
        },
      }),
    serve: async (url, kept) => {
      const plain = await openAnswer(key, url, await kept.arrayBuffer());
      if (!plain) return null;
      return new Response(plain, {
        status: kept.status,
        headers: {
          'Content-Type': kept.headers.get(SEALED_CONTENT_TYPE_HEADER) ?? 'application/json',
          [OFFLINE_COPY_HEADER]: 'true',
          [OFFLINE_COPY_KEPT_AT_HEADER]: kept.headers.get(OFFLINE_COPY_KEPT_AT_HEADER) ?? '',
        },
      });
    },
  };
}
