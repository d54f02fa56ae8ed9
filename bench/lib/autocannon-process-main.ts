/** The load generator's process (autocannon-process.ts): options on stdin, the result on stdout. */
import { text } from 'node:stream/consumers';
import autocannon from 'autocannon';

const options = JSON.parse(await text(process.stdin)) as autocannon.Options;
const result = await autocannon(options);
process.stdout.write(JSON.stringify(result));
