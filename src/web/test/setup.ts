import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetPublicConfig } from '../lib/public-config.js';
import { queryClient } from '../lib/query-client.js';
import { installFakeFetch, takeUnexpectedRequests } from './fake-fetch.js';

// A findBy or waitFor waits for what the page shows next, and a page's first visit also waits for
// its code: a lazy chunk (app/routes.tsx) that Vitest transforms and loads on first import. On a
// busy two-core machine that alone takes seconds, past Testing Library's default of 1 s, so
// tests failed under load and passed alone. The waits get 5 s; a test that finds its text at
// once is no slower for it.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount here.
// A test that prints console.error has hit something nobody expected (React's act() and key
// warnings among them); it fails unless it says so by mocking console.error itself. So does a
// test whose page asked the server for something the test did not answer: every test starts with
// a fake server that answers nothing, and a test's own (installFakeFetch) answers what it routes.
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  installFakeFetch({});
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  cleanup();
  // Each test is a new page load: the app's query cache and server config start empty.
  queryClient.clear();
  forgetPublicConfig();
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  const unexpected = vi.isMockFunction(console.error) ? calls : [];
  vi.restoreAllMocks();
  const unansweredRequests = takeUnexpectedRequests();
  if (unansweredRequests.length > 0) {
    throw new Error(
      `The page sent requests the test did not expect:\n${unansweredRequests.join('\n')}`,
    );
  }
  if (unexpected.length > 0) {
    throw new Error(
      `console.error was called: ${unexpected.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
