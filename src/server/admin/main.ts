import '../lib/require-supported-node.js';
import { createFilesPrivately } from '../lib/private-files.js';
import { runAdmin } from './run-admin.js';

// The entry of `npm run admin -- <command>` (and `node dist/server/admin/main.js <command>` on a
// built server): the exit code is set, not forced, so output still being written is not cut off.
createFilesPrivately();
process.exitCode = await runAdmin(process.argv.slice(2), {
  env: process.env,
  io: {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  },
});
