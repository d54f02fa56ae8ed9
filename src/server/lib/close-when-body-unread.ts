import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * onSend hook of an upload route. A refusal (no session, wrong type, too large) is answered
 * before the upload's body has all arrived, and the rest is never read. Left open, the connection
 * would hang half-read for as long as the client keeps it; closed, the client gets the answer and
 * its connection goes.
 */
export async function closeWhenBodyUnread(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (!request.raw.readableEnded) void reply.header('connection', 'close');
}
