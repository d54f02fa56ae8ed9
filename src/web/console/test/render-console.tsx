import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { queryClient } from '../../lib/query-client.js';
import { installFakeFetch, json, type Answer } from '../../test/fake-fetch.js';
import ConsoleApp from '../console-app.js';
import { staffMember } from './staff-data.js';
import type { TStaffMember } from '../../../shared/staff.js';

function LocationProbe({ onRender }: { onRender: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    onRender(location);
  });
  return null;
}

/**
 * The console at `path` (an address under /staff), as the app's router mounts it for /staff/*
 * (with the app's query cache, which test/setup.ts empties after each test),
 * with the fake server answering `api`: the public config (not demo mode) and, unless `signedIn`
 * is null, a session of `signedIn` (an administrator by default).
 */
export function renderConsole(
  path: string,
  {
    api = {},
    signedIn = staffMember(),
    demoMode = false,
  }: { api?: Record<string, Answer>; signedIn?: TStaffMember | null; demoMode?: boolean } = {},
) {
  const { sent } = installFakeFetch({
    'GET /api/config': json({
      productName: 'F-1 Student Portal',
      demoMode,
      simulatedPasskeys: false,
    }),
    'GET /api/staff/session': signedIn
      ? json({ staff: signedIn })
      : json({ message: 'Sign in to the staff console.' }, 401),
    ...api,
  });
  let location: Location | undefined;
  render(
    <MemoryRouter initialEntries={[path]} useTransitions={false}>
      <LocationProbe
        onRender={(rendered) => {
          location = rendered;
        }}
      />
      <QueryClientProvider client={queryClient}>
        <Routes>
          <Route path="/staff/*" element={<ConsoleApp />} />
          <Route path="*" element={<p>Not the console</p>} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return {
    sent,
    user: userEvent.setup(),
    /** The address the console is at now: path and query. */
    address: () => (location ? `${location.pathname}${location.search}` : ''),
    /** The requests sent to `path`'s API, as METHOD url. */
    requests: (prefix = '/api/staff/') =>
      sent.filter((r) => r.url.startsWith(prefix)).map((r) => `${r.method} ${r.url}`),
  };
}
