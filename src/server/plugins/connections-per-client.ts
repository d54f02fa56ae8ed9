import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientNetwork } from '../lib/client-network.js';

/**
 * At most `limit` connections open at once from one client (an IPv4 address, an IPv6 /64), so
 * one client cannot hold every socket and file descriptor of the server; a browser opens six per
 * host. A connection over the limit is closed at once, before a byte of it is read: held open to
 * answer it, it would be the very cost the limit saves. The reverse proxies TRUST_PROXY names
 * carry many clients' connections, so theirs are not counted here: the proxy limits its own
 * clients (docs/operations.md).
 */
export const connectionsPerClient = fp(
  async (app: FastifyInstance, opts: { limit: number; trustProxy: string[] }) => {
    const isProxy = proxyAddr.compile(opts.trustProxy);
    const open = new Map<string, number>();
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (!address || isProxy(address, 0)) return;
      const client = clientNetwork(address);
      const count = (open.get(client) ?? 0) + 1;
      if (count > opts.limit) {
        socket.destroy();
        return;
      }
      open.set(client, count);
      socket.once('close', () => {
        const left = (open.get(client) ?? 1) - 1;
        if (left > 0) open.set(client, left);
        else open.delete(client);
      });
    });
  },
);
