import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './admin-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
>;

/**
 * node:util's parseArgs, strict (an unknown or misspelt option is an error, not ignored), with
 * its errors turned into usage errors that name the command, and the positional count checked.
 */
export function parseOptions<const O extends Options>(
  command: string,
  argv: string[],
  options: O,
  positionals: readonly string[] = [],
): Parsed<O> {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${command}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (parsed.positionals.length !== positionals.length) {
    const expected = positionals.length === 0 ? 'no arguments' : positionals.join(' ');
    throw new UsageError(`${command}: expected ${expected}, got ${describe(parsed.positionals)}`);
  }
  return parsed;
}

function describe(values: string[]): string {
  return values.length === 0 ? 'none' : values.map((v) => JSON.stringify(v)).join(' ');
}

/** A whole number option within bounds, or the default when absent. */
export function integerOption(
  command: string,
  name: string,
  value: string | undefined,
  { min, max, fallback }: { min: number; max: number; fallback: number },
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new UsageError(`${command}: --${name} must be a whole number from ${min} to ${max}`);
  }
  return n;
}
