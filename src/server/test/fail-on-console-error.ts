import { afterEach, beforeEach, vi } from 'vitest';

// A test that prints console.error has hit something nobody expected; it fails unless it says so
// by mocking console.error itself.
let calls: unknown[][] = [];
beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});
afterEach(() => {
  const unexpected = vi.isMockFunction(console.error) ? calls : [];
  vi.restoreAllMocks();
  if (unexpected.length > 0) {
    throw new Error(
      `console.error was called: ${unexpected.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
