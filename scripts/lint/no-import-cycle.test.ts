import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { noImportCycle } from './no-import-cycle.js';

const dir = mkdtempSync(join(tmpdir(), 'no-import-cycle-'));
const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true },
    include: ['*.ts'],
  }),
  // A value import one way, a type-only import back: still a cycle.
  'token.ts': "import type { Cache } from './cache.js';\nexport const token = (c: Cache) => c;\n",
  'cache.ts': "import { token } from './token.js';\nexport type Cache = { token: typeof token };\n",
  // Three files round, the last by re-export.
  'first.ts': "import { third } from './second.js';\nexport const first = third;\n",
  'second.ts': "export { third } from './third.js';\n",
  'third.ts':
    "import { first } from './first.js';\nexport const third = 3;\nexport const back = first;\n",
  // Imports a file on a cycle, but nothing leads back to it.
  'outside.ts': "import { token } from './token.js';\nexport const outside = token;\n",
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function cycleMessages(): Promise<Record<string, string[]>> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['*.ts'],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir },
        },
        plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
        rules: { 'local/no-import-cycle': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(['*.ts']);
  return Object.fromEntries(
    results.map((result) => [
      result.filePath.slice(dir.length + 1),
      result.messages.map((message) => message.message),
    ]),
  );
}

describe('local/no-import-cycle', () => {
  it('refuses each import that closes a cycle, type-only or by re-export, and names the way round', async () => {
    expect(await cycleMessages()).toEqual({
      'cache.ts': ['Import cycle: cache.ts -> token.ts -> cache.ts'],
      'first.ts': ['Import cycle: first.ts -> second.ts -> third.ts -> first.ts'],
      'outside.ts': [],
      'second.ts': ['Import cycle: second.ts -> third.ts -> first.ts -> second.ts'],
      'third.ts': ['Import cycle: third.ts -> first.ts -> second.ts -> third.ts'],
      'token.ts': ['Import cycle: token.ts -> cache.ts -> token.ts'],
    });
  });
});
