import { describe, expect, it } from 'vitest';
import { chunkFileName, isConsoleFile } from './console-chunks.js';

describe("the staff console's chunk names", () => {
  it('names a chunk holding any console module console-…, whatever else it holds', () => {
    expect(
      chunkFileName({
        moduleIds: [
          '/repo/src/web/app/routes/welcome.tsx',
          '/repo/src/web/console/console-paths.ts',
        ],
      }),
    ).toBe('assets/console-[name]-[hash].js');
    expect(chunkFileName({ moduleIds: ['C:\\repo\\src\\web\\console\\console-app.tsx'] })).toBe(
      'assets/console-[name]-[hash].js',
    );
  });

  it("keeps Vite's own name for every other chunk", () => {
    expect(
      chunkFileName({
        moduleIds: ['/repo/src/web/app/routes.tsx', '/repo/node_modules/react/index.js'],
      }),
    ).toBe('assets/[name]-[hash].js');
  });

  it('tells a console file by its name alone', () => {
    expect(isConsoleFile('assets/console-console-app-1a2b.js')).toBe(true);
    expect(isConsoleFile('assets/console-app-1a2b.css')).toBe(true);
    expect(isConsoleFile('assets/welcome-1a2b.js')).toBe(false);
  });
});
