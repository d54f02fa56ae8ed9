import { connect } from 'node:net';

/** What a client that reads its answer late got: the bytes it read, and how the connection ended. */
export interface LateRead {
  response: string;
  ended: 'closed' | 'reset';
}

/**
 * Sends a whole HTTP request over a connection of its own without reading anything back until
 * the body is sent and `readAfterMs` more have passed, as a phone on a slow uplink does: its
 * answer sits in its receive buffer meanwhile. A server that closes the connection with part of
 * the body still unread resets it, and the reset throws that buffered answer away.
 */
export async function sendThenReadLate(
  origin: string,
  head: string,
  body: Buffer,
  readAfterMs: number,
): Promise<LateRead> {
  const { hostname, port } = new URL(origin);
  const socket = connect({ host: hostname, port: Number(port) });
  socket.pause();
  let response = '';
  let ended: LateRead['ended'] = 'closed';
  const finished = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    socket.on('error', () => (ended = 'reset'));
    socket.on('close', () => {
      resolve();
    });
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  // The writes finish once the server has read the body, or fail once it resets the connection.
  await new Promise<void>((resolve) => {
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]), () => {
      resolve();
    });
  });
  await new Promise((resolve) => setTimeout(resolve, readAfterMs));
  socket.resume();
  await finished;
  return { response, ended };
}
