import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MULTIPART_OVERHEAD_BYTES } from './refuse-oversized-request.js';

/**
 * How much of a refused upload's body is read and thrown away so that its answer arrives: twice
 * what the route accepts, so a client that sent a little too much, or nothing wrong but the
 * session, still reads why.
 */
const drainLimit = (maxFileBytes: number) => 2 * (maxFileBytes + MULTIPART_OVERHEAD_BYTES);

/**
 * Reads the rest of a request's body into nothing, up to `limit` bytes. Answers whether it ended
 * within them; a client that stops sending is cut by the server's request timeout.
 */
function discardBody(raw: IncomingMessage, limit: number): Promise<boolean> {
  // A multipart parser may still hold the stream: the rest is nobody's now.
  raw.unpipe();
  let read = 0;
  return new Promise((resolve) => {
    const done = (ended: boolean) => {
      raw.off('data', count);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.pause();
      resolve(ended);
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) done(false);
    };
    const onEnd = () => {
      done(true);
    };
    const onClose = () => {
      done(raw.readableEnded);
    };
    raw.on('data', count);
    raw.on('end', onEnd);
    raw.on('close', onClose);
    raw.resume();
  });
}

/**
 * onSend hook of an upload route. A refusal (no session, wrong type, too large, too many) is
 * decided before the body has all arrived. Answered and closed at once, the connection would be
 * reset with the body's rest unread, and a reset throws away the answer a client has not read
 * yet: a phone still sending sees a broken connection, not why. So the rest is read and thrown
 * away first, up to a bound (then the connection is closed: nobody sends that much by mistake).
 */
export function drainRefusedUpload(maxFileBytes: number) {
  const limit = drainLimit(maxFileBytes);
  return async function drainBeforeAnswering(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const { raw } = request;
    if (raw.readableEnded) return;
    const declared = Number(request.headers['content-length'] ?? 0);
    const ended = declared <= limit && (await discardBody(raw, limit));
    if (!ended) void reply.header('connection', 'close');
  };
}
