import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';

/**
 * docs/security-tests.md, issue 19 hardening: one client could hold as many connections as the server has sockets, and
 * send its headers as slowly as Node's 60 s allowed. ASVS 5.0 V2.4 (anti-automation), V15.2
 * (resource exhaustion), by section.
 */
const [pglite] = testDatabaseKinds();
if (!pglite) throw new Error('PGlite is always available');

interface OpenSocket {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

async function open(port: number): Promise<OpenSocket> {
  const socket = connect({ host: '127.0.0.1', port });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () => {
      resolve(received);
    }),
  );
  // A connection the server closes at once may close before the client saw it open.
  await Promise.race([new Promise((resolve) => socket.once('connect', resolve)), closed]);
  return { socket, closed };
}

/** Whether the server closed the connection within `ms`. */
const closedWithin = (connection: OpenSocket, ms: number) =>
  Promise.race([
    connection.closed.then(() => true),
    new Promise<boolean>((resolve) =>
      setTimeout(() => {
        resolve(false);
      }, ms),
    ),
  ]);

const healthCheck = (connection: OpenSocket) =>
  new Promise<string>((resolve) => {
    connection.socket.once('data', (chunk: Buffer) => {
      resolve(chunk.toString());
    });
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });

describe('connections per client', () => {
  let t: TestApp | undefined;
  let sockets: OpenSocket[] = [];
  afterEach(async () => {
    for (const { socket } of sockets) socket.destroy();
    sockets = [];
    await t?.close();
  });
  const serverConnections = () =>
    new Promise<number>((resolve, reject) => {
      t?.app.server.getConnections((error, n) => {
        if (error) reject(error);
        else resolve(n);
      });
    });
  const listen = async (env: Record<string, string>) => {
    t = await startTestApp(pglite, env);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    return (t.app.server.address() as AddressInfo).port;
  };

  it('closes a client connection over the limit at once, and serves those within it', async () => {
    const port = await listen({ CONNECTIONS_PER_CLIENT: '3' });
    for (let i = 0; i < 3; i += 1) sockets.push(await open(port));
    const over = await open(port);
    sockets.push(over);
    expect(await closedWithin(over, 2_000)).toBe(true);
    expect(await over.closed).toBe('');
    const first = sockets[0];
    if (!first) throw new Error('three connections are open');
    expect(await healthCheck(first)).toMatch(/^HTTP\/1.1 200 /);

    first.socket.destroy();
    await expect.poll(() => serverConnections()).toBe(2);
    const again = await open(port);
    sockets.push(again);
    expect(await healthCheck(again)).toMatch(/^HTTP\/1.1 200 /);
  });

  it('counts nothing against a reverse proxy TRUST_PROXY names: it carries many clients', async () => {
    const port = await listen({ CONNECTIONS_PER_CLIENT: '3', TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 6; i += 1) sockets.push(await open(port));
    const last = sockets[5];
    if (!last) throw new Error('six connections are open');
    expect(await healthCheck(last)).toMatch(/^HTTP\/1.1 200 /);
  });

  it('closes a connection whose headers do not arrive within 10 seconds', async () => {
    const port = await listen({});
    const slow = await open(port);
    sockets.push(slow);
    // A header line, and then nothing: a slowloris connection.
    slow.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await closedWithin(slow, 8_000)).toBe(false);
    expect(await closedWithin(slow, 6_000)).toBe(true);
    expect(await slow.closed).toMatch(/^HTTP\/1.1 408 /);
  }, 30_000);

  it('sets a 30 s idle timeout, a 120 s request timeout and a 10 s headers timeout', async () => {
    await listen({});
    const server = t?.app.server;
    expect(server?.timeout).toBe(30_000);
    expect(server?.requestTimeout).toBe(120_000);
    expect(server?.headersTimeout).toBe(10_000);
  });
});
