/** The load generator's process (autocannon-process.ts): options on stdin, the result on stdout. */
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';
import type { LoadOptions } from './autocannon-process.js';

const { connectionHeaders, ...options } = JSON.parse(await text(process.stdin)) as LoadOptions;
let connections = 0;
const setupClient = (client: autocannon.Client) => {
  if (!connectionHeaders?.length) return;
  const own = connectionHeaders[connections % connectionHeaders.length];
  connections += 1;
  client.setHeaders({ ...options.headers, ...own });
};
const result = await autocannon({ ...options, setupClient });
process.stdout.write(JSON.stringify(result));
