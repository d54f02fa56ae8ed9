import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the receiver took: the envelope's recipients, the raw message and its parse. */
export interface ReceivedMail {
  to: string[];
  /** The sender's port on loopback: which connection, so which process, it came over. */
  fromPort: number;
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:<port>: the SMTP_URL that delivers here. */
  url: string;
  /** What arrived, parsed; empty when the receiver only counts. */
  received: ReceivedMail[];
  /** How many messages arrived. */
  count(): number;
  /** Resolves once `count` messages arrived in all (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Refuses every recipient whose address `refuse` names, as a server that bounces them. */
  refuse: Set<string>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package), without TLS or authentication, that
 * keeps and parses what it is sent (or, for a benchmark, only counts it): the third party of the notification tests, faked only at its protocol.
 */
export async function startSmtpReceiver({
  keep = true,
}: { keep?: boolean } = {}): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  let arrived = 0;
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        callback(new Error(`550 ${address.address}: no such mailbox here`));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        arrived += 1;
        if (!keep) {
          callback();
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            const to = session.envelope.rcptTo.map((r) => r.address);
            received.push({ to, fromPort: session.remotePort, raw, parsed });
            callback();
          })
          .catch(callback);
      });
    },
  });
  // A sender killed mid-conversation (the crash tests kill the server) resets its connection.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') console.error('the SMTP receiver failed', error);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    count: () => arrived,
    refuse,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      // Parsed ones when kept: a message counts once it can be read.
      const got = () => (keep ? received.length : arrived);
      while (got() < count) {
        if (Date.now() > deadline) {
          throw new Error(`the SMTP server received ${got()} of ${count} messages`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
