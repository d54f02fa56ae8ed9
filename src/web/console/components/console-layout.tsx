import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut, ShieldCheck } from 'lucide-react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { staffMay } from '../../../shared/staff-permissions.js';
import { STAFF_ROLE_NAMES, type TStaffMember } from '../../../shared/staff.js';
import { AppLogo } from '../../components/app-logo.js';
import { PageLoading } from '../../components/page-loading.js';
import { Button } from '../../components/ui/button.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { cn } from '../../lib/cn.js';
import { forgetConsoleAnswers, useStaffSession } from '../api/get-staff-session.js';
import { signOutStaff } from '../api/sign-out-staff.js';
import { SignedInStaffContext } from './use-signed-in-staff.js';
import { consolePaths } from '../console-paths.js';
import type { SignInLocationState } from '../pages/sign-in-page.js';

/**
 * The console's sections; the reviews and the schools' checklists for the roles that keep them,
 * the team, the audit log, the saved replies and the mail for the administrators; then everyone's
 * own notifications.
 */
function sectionsFor(staff: TStaffMember) {
  return [
    { label: 'Students', href: consolePaths.students.getHref() },
    { label: 'Inbox', href: consolePaths.inbox.getHref() },
    ...(staffMay(staff.role, 'reviewDocuments')
      ? [{ label: 'Reviews', href: consolePaths.reviews.getHref() }]
      : []),
    ...(staffMay(staff.role, 'editSchoolChecklist')
      ? [{ label: 'Checklists', href: consolePaths.checklists.getHref() }]
      : []),
    ...(staff.role === 'admin'
      ? [
          { label: 'Team', href: consolePaths.team.getHref() },
          { label: 'Audit log', href: consolePaths.audit.getHref() },
          { label: 'Saved replies', href: consolePaths.savedReplies.getHref() },
          { label: 'Mail', href: consolePaths.mail.getHref() },
        ]
      : []),
    { label: 'Notifications', href: consolePaths.notifications.getHref() },
  ];
}

/**
 * The frame of every signed-in console page: the product, who is signed in and as what, the
 * sections, Sign out. Without a session it sends the person to the sign-in page, and back here
 * after.
 */
export function ConsoleLayout() {
  const session = useStaffSession();
  const location = useLocation();
  if (session.isPending) return <PageLoading />;
  if (session.isError) {
    return (
      <main className="mx-auto max-w-xl p-6">
        <LoadFailedAlert
          title="The console could not be loaded."
          onRetry={() => void session.refetch()}
        />
      </main>
    );
  }
  if (!session.data) {
    const state: SignInLocationState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={consolePaths.signIn.getHref()} replace state={state} />;
  }
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <ConsoleHeader staff={session.data} />
      <SignedInStaffContext value={session.data}>
        <Outlet />
      </SignedInStaffContext>
    </div>
  );
}

function ConsoleHeader({ staff }: { staff: TStaffMember }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: signOutStaff,
    onSettled: async () => {
      // Signed out here whatever the server said: the cookie dies with the session anyway.
      await navigate(consolePaths.signIn.getHref(), { replace: true });
      forgetConsoleAnswers(queryClient);
    },
  });
  const role = STAFF_ROLE_NAMES[staff.role];
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex items-center gap-3">
          <AppLogo linked={false} compact />
          <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground">
            <ShieldCheck className="size-3.5" aria-hidden="true" />
            Staff console
          </span>
        </div>
        <div className="flex items-center gap-3">
          <p className="text-right text-sm leading-tight">
            <span className="block font-semibold text-foreground">{staff.name}</span>
            <span className="block text-muted-foreground">
              {staff.organisationName ? `${role}, ${staff.organisationName}` : role}
            </span>
          </p>
          <Button
            variant="outline"
            size="sm"
            aria-busy={signOut.isPending}
            onClick={() => {
              if (!signOut.isPending) signOut.mutate();
            }}
          >
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
      </div>
      <nav aria-label="Console" className="mx-auto max-w-7xl overflow-x-auto px-2 sm:px-4">
        <ul className="flex gap-1 whitespace-nowrap">
          {sectionsFor(staff).map((section) => (
            <li key={section.href}>
              <NavLink
                to={section.href}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-11 items-center border-b-2 px-3 text-sm font-semibold',
                    'rounded-t focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none',
                    isActive
                      ? 'border-primary text-foreground'
                      : 'border-transparent text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
