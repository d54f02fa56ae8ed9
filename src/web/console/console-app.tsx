import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { currentStaff, forgetConsoleAnswers, isStaffQuery } from './api/get-staff-session.js';
import { failedStatus } from './api/console-request.js';
import { OnlyFor } from './components/only-for.js';
import { STAFF_PERMISSIONS } from '../../shared/staff-permissions.js';
import { ConsoleLayout } from './components/console-layout.js';
import { consolePaths } from './console-paths.js';
import { AddStudentPage } from './pages/add-student-page.js';
import { AuditPage } from './pages/audit-page.js';
import { ChecklistsPage } from './pages/checklists-page.js';
import { ImportStudentsPage } from './pages/import-students-page.js';
import { ConsoleNotFound } from './pages/console-not-found.js';
import { ConversationPage } from './pages/conversation-page.js';
import { InboxPage } from './pages/inbox-page.js';
import { MailPage } from './pages/mail-page.js';
import { NotificationsPage } from './pages/notifications-page.js';
import { ReviewsPage } from './pages/reviews-page.js';
import { SavedRepliesPage } from './pages/saved-replies-page.js';
import { EnrolPage } from './pages/enrol-page.js';
import { SignInPage, type SignInLocationState } from './pages/sign-in-page.js';
import { StudentRecordPage } from './pages/student-record-page.js';
import { StudentsPage } from './pages/students-page.js';
import { TeamPage } from './pages/team-page.js';
import './console.css';

/**
 * The console's pages, relative to /staff. Declared as route objects (useRoutes), as the app's own
 * routes are: the router parts the console uses are then the ones the student pages' entry
 * already carries, and the console adds nothing to it.
 */
const CONSOLE_ROUTES: RouteObject[] = [
  { path: consolePaths.signIn.path, element: <SignInPage /> },
  { path: consolePaths.enrol.path, element: <EnrolPage /> },
  {
    element: <ConsoleLayout />,
    children: [
      { index: true, element: <Navigate to={consolePaths.students.getHref()} replace /> },
      { path: consolePaths.students.path, element: <StudentsPage /> },
      {
        element: (
          <OnlyFor
            roles={STAFF_PERMISSIONS.manageInvites}
            title="For administrators and agents"
            refusal="Only an administrator or an agent can add students."
          />
        ),
        children: [{ path: consolePaths.addStudent.path, element: <AddStudentPage /> }],
      },
      {
        element: (
          <OnlyFor
            roles={STAFF_PERMISSIONS.importStudents}
            title="For administrators and agents"
            refusal="Only an administrator or an agent can import students."
          />
        ),
        children: [{ path: consolePaths.importStudents.path, element: <ImportStudentsPage /> }],
      },
      { path: consolePaths.student.path, element: <StudentRecordPage /> },
      { path: consolePaths.inbox.path, element: <InboxPage /> },
      { path: consolePaths.conversation.path, element: <ConversationPage /> },
      { path: consolePaths.notifications.path, element: <NotificationsPage /> },
      {
        element: (
          <OnlyFor
            roles={STAFF_PERMISSIONS.reviewDocuments}
            title="Reviews"
            refusal="Your role does not review documents."
          />
        ),
        children: [{ path: consolePaths.reviews.path, element: <ReviewsPage /> }],
      },
      {
        element: (
          <OnlyFor
            roles={STAFF_PERMISSIONS.editSchoolChecklist}
            title="For administrators and school officers"
            refusal="Only an administrator or a school officer can keep a school's checklist."
          />
        ),
        children: [{ path: consolePaths.checklists.path, element: <ChecklistsPage /> }],
      },
      {
        element: (
          <OnlyFor
            roles={['admin']}
            title="For administrators only"
            refusal="Only an administrator can open this page."
          />
        ),
        children: [
          { path: consolePaths.team.path, element: <TeamPage /> },
          { path: consolePaths.audit.path, element: <AuditPage /> },
          { path: consolePaths.savedReplies.path, element: <SavedRepliesPage /> },
          { path: consolePaths.mail.path, element: <MailPage /> },
        ],
      },
      { path: '*', element: <ConsoleNotFound /> },
    ],
  },
];

/**
 * The staff console (`/staff/*`): its own pages and shell, loaded by the app's router only when an
 * address under /staff is opened, and never part of a student page (the page-weight check,
 * bench/page-weight.ts, fails the build that breaks this). It reads through the app's query
 * layer, which loads beside it (app/routes.tsx), under keys of its own (`['staff', …]`) that it
 * forgets when the session ends or the console closes. A QueryClient of its own would split
 * TanStack Query's core out of the student pages' query layer into a chunk of its own, one more
 * file for every student page to fetch.
 */
export default function ConsoleApp() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Counts the sessions that ended under the console; each sends the person to sign in again.
  const [endedSessions, setEndedSessions] = useState(0);

  // A 401 from any console request while a session is held means the session ended (8 hours,
  // 30 idle minutes, or an administrator disabled the account). Without a session a 401 is a
  // failed sign-in, which its page explains itself.
  useEffect(() => {
    const onError = (error: unknown) => {
      if (failedStatus(error) === 401 && currentStaff(queryClient) !== null)
        setEndedSessions((count) => count + 1);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isStaffQuery(event.query))
        onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
      // Leaving the console leaves none of its answers in the app's cache.
      forgetConsoleAnswers(queryClient);
    };
  }, [queryClient]);

  // navigate changes with every address: only a new ended session sends the person away.
  const handledSessions = useRef(0);
  useEffect(() => {
    if (endedSessions === handledSessions.current) return;
    handledSessions.current = endedSessions;
    const state: SignInLocationState = { sessionEnded: true };
    void navigate(consolePaths.signIn.getHref(), { replace: true, state });
    forgetConsoleAnswers(queryClient);
  }, [endedSessions, navigate, queryClient]);

  return useRoutes(CONSOLE_ROUTES);
}
