/**
 * The Node.js line this build runs on, as package.json's `engines` says: 24, an LTS line supported
 * until 30 April 2028 (docs/decisions/015). `npm ci` installs it as node_modules/.bin/node, which
 * every npm script runs on whatever Node the machine has.
 */
export const REQUIRED_NODE_MAJOR = 24;
export const REQUIRED_NODE_END_OF_SUPPORT = '30 April 2028';

/** Why a runtime cannot run the portal, or null when it can. */
export function unsupportedRuntime(version: string): string | null {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return (
    `This portal needs Node.js ${REQUIRED_NODE_MAJOR} (supported until ${REQUIRED_NODE_END_OF_SUPPORT}); ` +
    `this is Node.js ${version.replace(/^v/, '')}, which gets no security fixes. Start it with ` +
    `npm start, which runs on the Node.js ${REQUIRED_NODE_MAJOR} that npm ci installed ` +
    '(node_modules/.bin/node), or install Node.js ' +
    `${REQUIRED_NODE_MAJOR} on this machine.`
  );
}
