import { unsupportedRuntime } from './node-runtime.js';

// Imported first by each entry point (the server, the admin command line), so on an older Node
// this runs before any other module does: it says what to do, instead of a stack from whichever
// dependency first meets an API that Node lacks.
const refusal = unsupportedRuntime(process.versions.node);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
