import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR, unsupportedRuntime } from './node-runtime.js';
import { PROJECT_ROOT } from './paths.js';

const majorOf = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

/** The machine's own Node, when it has one older than the project's (Debian's Node 20 here). */
const SYSTEM_NODE = '/usr/bin/node';
const systemMajor = existsSync(SYSTEM_NODE)
  ? majorOf(execFileSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }))
  : null;
const olderSystemNode = systemMajor !== null && systemMajor < REQUIRED_NODE_MAJOR;

describe('the Node.js the portal runs on', () => {
  it('is the one package.json asks for', () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
      optionalDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toMatch(new RegExp(`^\\^${REQUIRED_NODE_MAJOR}\\.`));
    for (const version of Object.values(pkg.optionalDependencies)) {
      expect(majorOf(version)).toBe(REQUIRED_NODE_MAJOR);
    }
  });

  it('runs these tests, and is the `node` every npm script and server process starts', () => {
    expect(majorOf(process.versions.node)).toBe(REQUIRED_NODE_MAJOR);
    // What `npm start`, the end-to-end server and the scripts' `node` resolve to.
    const fromPath = execFileSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
    expect(majorOf(fromPath)).toBe(REQUIRED_NODE_MAJOR);
  });

  it.each([
    ['20.20.2', false],
    ['v22.12.0', false],
    ['24.0.0', true],
    ['26.1.0', true],
  ])('takes Node.js %s: %s', (version, supported) => {
    expect(unsupportedRuntime(version) === null).toBe(supported);
  });

  it.runIf(olderSystemNode)(
    "refuses to start the server or the admin command line on the machine's older Node, saying what to do",
    () => {
      for (const entry of ['src/server/main.ts', 'src/server/admin/main.ts']) {
        const run = spawnSync(SYSTEM_NODE, ['--import', 'tsx', entry, '--help'], {
          cwd: PROJECT_ROOT,
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', DATA_DIR: '/nonexistent' },
        });
        expect({ entry, status: run.status }).toEqual({ entry, status: 1 });
        expect(run.stderr.trim()).toBe(
          unsupportedRuntime(execFileSync(SYSTEM_NODE, ['-v'], { encoding: 'utf8' }).trim()),
        );
      }
    },
  );
});
