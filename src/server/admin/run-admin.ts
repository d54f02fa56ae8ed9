import { ConfigError, loadConfig } from '../config.js';
import { AdminError } from './admin-error.js';
import type { AdminIo } from './command.js';
import { ADMIN_COMMANDS, findCommand } from './commands.js';
import { openAdminContext, type OpenedContext } from './open-context.js';

export interface RunAdminOptions {
  env: NodeJS.ProcessEnv;
  io: AdminIo;
  /**
   * How to reach the database and files; by default the server's settings from `env`
   * (loadConfig). Tests hand in the test app's.
   */
  open?: (io: AdminIo) => Promise<OpenedContext>;
}

const HELP_FLAGS = new Set(['--help', '-h']);

export function overview(): string {
  const width = Math.max(...ADMIN_COMMANDS.map((c) => c.name.length));
  return [
    "The consultancy's command line for the student portal.",
    '',
    'Usage: npm run admin -- <command> [arguments] [options]',
    '       npm run admin -- <command> --help',
    '',
    'Commands:',
    ...ADMIN_COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "It reads the server's settings (DATABASE_URL, or the embedded database in DATA_DIR; DATA_KEY;",
    'STORAGE_DRIVER) from the environment, so it works on the data the server serves.',
    'With the embedded database (no DATABASE_URL), stop the server first: PGlite serves one process.',
    'Exit codes: 0 done, 1 refused or failed (nothing was changed), 2 wrong usage.',
  ].join('\n');
}

/**
 * Runs one command line and answers its exit code. Every refusal is a sentence on `err`, never
 * a stack trace: bad arguments and bad files are found before anything is written.
 */
export async function runAdmin(argv: string[], options: RunAdminOptions): Promise<number> {
  const { io } = options;
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || HELP_FLAGS.has(name)) {
    io.out(overview());
    return name === undefined ? 2 : 0;
  }
  const command = findCommand(name);
  if (!command) {
    io.err(`Unknown command "${name}". Run npm run admin -- --help for the list.`);
    return 2;
  }
  if (rest.some((arg) => HELP_FLAGS.has(arg))) {
    io.out(command.help);
    return 0;
  }
  let opened: OpenedContext | undefined;
  try {
    const work = await command.prepare(rest);
    const open =
      options.open ??
      ((out: AdminIo) =>
        openAdminContext(loadConfig(options.env), out, { migrate: command.migratesFirst }));
    opened = await open(io);
    await work(opened.ctx);
    return 0;
  } catch (error) {
    if (error instanceof AdminError) {
      io.err(error.message);
      if (error.exitCode === 2) io.err(`Run npm run admin -- ${command.name} --help for usage.`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    io.err(`${command.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await opened?.close();
  }
}
