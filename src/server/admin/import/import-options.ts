import { parseOptions } from '../parse-options.js';

/** The arguments every import shares: the file, and --dry-run. */
export function parseImportArgs(command: string, argv: string[]) {
  const { values, positionals } = parseOptions(
    command,
    argv,
    { 'dry-run': { type: 'boolean', default: false } },
    ['<file>'],
  );
  return { file: positionals[0] ?? '', dryRun: values['dry-run'] };
}
