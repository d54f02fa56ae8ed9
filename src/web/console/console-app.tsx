import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { currentStaff } from './api/get-staff-session.js';
import { failedStatus } from './api/console-request.js';
import { AdminOnly } from './components/admin-only.js';
import { ConsoleLayout } from './components/console-layout.js';
import { consolePaths } from './console-paths.js';
import { AuditPage } from './pages/audit-page.js';
import { ConsoleNotFound } from './pages/console-not-found.js';
import { EnrolPage } from './pages/enrol-page.js';
import { SignInPage, type SignInLocationState } from './pages/sign-in-page.js';
import { StudentRecordPage } from './pages/student-record-page.js';
import { StudentsPage } from './pages/students-page.js';
import { TeamPage } from './pages/team-page.js';

/**
 * The console's own cache, apart from the student pages' (lib/query-client.ts): made when the
 * console opens and dropped with it, so no staff answer outlives the console or meets a
 * student's. A 401 from any request while a session is held means the session ended (8 hours,
 * 30 idle minutes, or an administrator disabled the account): `onSessionEnded` runs.
 */
function createConsoleQueryClient(onSessionEnded: () => void): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onUnauthorized }),
    mutationCache: new MutationCache({ onError: onUnauthorized }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // Without a session a 401 is a failed sign-in, which its page explains itself.
  function onUnauthorized(error: unknown): void {
    if (failedStatus(error) === 401 && currentStaff(client) !== null) onSessionEnded();
  }
  return client;
}

/**
 * The staff console (`/staff/*`): its own pages, shell and cache, loaded by the app's router only
 * when an address under /staff is opened, and never part of a student page (the page-weight
 * check, bench/page-weight.ts, fails the build that breaks this).
 */
export default function ConsoleApp() {
  const navigate = useNavigate();
  // Counts the sessions that ended under the console; each sends the person to sign in again.
  const [endedSessions, setEndedSessions] = useState(0);
  const [queryClient] = useState(() =>
    createConsoleQueryClient(() => {
      setEndedSessions((count) => count + 1);
    }),
  );
  // navigate changes with every address: only a new ended session sends the person away.
  const handledSessions = useRef(0);
  useEffect(() => {
    if (endedSessions === handledSessions.current) return;
    handledSessions.current = endedSessions;
    const state: SignInLocationState = { sessionEnded: true };
    void navigate(consolePaths.signIn.getHref(), { replace: true, state });
    queryClient.clear();
  }, [endedSessions, navigate, queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path={consolePaths.signIn.path} element={<SignInPage />} />
        <Route path={consolePaths.enrol.path} element={<EnrolPage />} />
        <Route element={<ConsoleLayout />}>
          <Route index element={<Navigate to={consolePaths.students.getHref()} replace />} />
          <Route path={consolePaths.students.path} element={<StudentsPage />} />
          <Route path={consolePaths.student.path} element={<StudentRecordPage />} />
          <Route element={<AdminOnly />}>
            <Route path={consolePaths.team.path} element={<TeamPage />} />
            <Route path={consolePaths.audit.path} element={<AuditPage />} />
          </Route>
          <Route path="*" element={<ConsoleNotFound />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
