/**
 * The counting SMTP server's process (smtp-counter.ts): prints its URL on the first line, then
 * the number of messages received, one line per "count" read on stdin.
 */
import { createInterface } from 'node:readline';
import { startSmtpReceiver } from '../../src/server/test/smtp-receiver.js';

const receiver = await startSmtpReceiver({ keep: false });
process.stdout.write(`${receiver.url}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'count') process.stdout.write(`${receiver.count()}\n`);
}
await receiver.close();
