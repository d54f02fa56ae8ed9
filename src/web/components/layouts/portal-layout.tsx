import {
  CircleHelp,
  FileText,
  House,
  LogOut,
  Map as MapIcon,
  MessageSquare,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { whenLeaving } from '../../hooks/use-leave-guard.js';
import { useUnreadMessageCount } from '../../hooks/use-messages.js';
import { useAuth } from '../../lib/auth.js';
import { cn } from '../../lib/cn.js';
import { noteLoggedOut } from '../../lib/logged-out.js';
import { AppLogo } from '../app-logo.js';
import { LanguageSelector } from '../language-selector.js';
import { DemoBanner } from '../demo-banner.js';
import { UnreadCountBadge, withUnreadCount } from '../unread-count.js';
import { Button } from '../ui/button.js';
import { useLingui } from '../../lib/i18n/use-lingui.js';

/**
 * The signed-in student's pages, in the order a student works through them, with the icon and
 * the short name the phone's bottom navigation shows.
 */
const PORTAL_PAGES = [
  {
    label: /*i18n*/ { id: 'portal.nav.dashboard', message: 'Dashboard' },
    short: /*i18n*/ { id: 'portal.nav.dashboard.short', message: 'Home' },
    icon: House,
    href: paths.dashboard.getHref(),
  },
  {
    label: /*i18n*/ { id: 'portal.nav.applications', message: 'Applications' },
    short: /*i18n*/ { id: 'portal.nav.applications.short', message: 'Applications' },
    icon: FileText,
    href: paths.applications.getHref(),
  },
  {
    label: /*i18n*/ { id: 'portal.nav.messages', message: 'Messages' },
    short: /*i18n*/ { id: 'portal.nav.messages.short', message: 'Messages' },
    icon: MessageSquare,
    href: paths.messages.getHref(),
  },
  {
    label: /*i18n*/ { id: 'portal.nav.profile', message: 'Profile' },
    short: /*i18n*/ { id: 'portal.nav.profile.short', message: 'Profile' },
    icon: UserRound,
    href: paths.profile.getHref(),
  },
  {
    label: /*i18n*/ { id: 'portal.nav.roadmap', message: 'Visa Roadmap' },
    short: /*i18n*/ { id: 'portal.nav.roadmap.short', message: 'Roadmap' },
    icon: MapIcon,
    href: paths.actions.getHref(),
  },
] as const;

/** The name of both navigations between the portal's pages, the header's and the phone's. */
const PORTAL_NAVIGATION = /*i18n*/ { id: 'portal.nav.portal', message: 'Portal' };

/** The unread count goes on the Messages tab alone. */
const unreadOn = (href: string, unread: number | null) =>
  href === paths.messages.getHref() ? unread : null;

/**
 * The frame of every signed-in page: the header with Help and 'Log Out' (spec section 2,
 * "/dashboard"), the navigation between the portal's pages, and the page's own content.
 *
 * `exit`: while a task that one stray tap would lose is under way (recording the interview), its
 * own way out replaces Help, Log Out and the navigation.
 */
export function PortalLayout({ exit, children }: { exit?: ReactNode; children: ReactNode }) {
  const { i18n } = useLingui();
  const { logout } = useAuth();
  const unread = useUnreadMessageCount();
  const navigate = useNavigate();

  function logOut() {
    // One render for both (React batches them): the session ends as the page becomes home, so
    // neither the page's guard (to sign-in) nor home's (to the dashboard) sees one without the other.
    // Work not saved on the page is asked about first, before the session ends.
    whenLeaving(() => {
      logout();
      noteLoggedOut();
      void navigate(paths.home.getHref(), { replace: true });
    });
  }

  // Hidden rather than removed: the page below keeps its place in the tree, and so its state.
  const focused = exit !== undefined;
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b border-border bg-card">
        <DemoBanner />
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <AppLogo compact />
          {exit}
          <nav
            aria-label={i18n._({ id: 'portal.nav.account', message: 'Account' })}
            hidden={focused}
            className="flex items-center gap-2"
          >
            <LanguageSelector />
            <Button asChild variant="ghost" size="sm" className="max-sm:min-w-11">
              <Link to={paths.help.getHref()}>
                <CircleHelp aria-hidden="true" />
                {/* On a phone the icon alone, so the header keeps Language and Log Out in 360 px. */}
                <span className="max-sm:sr-only">
                  {i18n._({ id: 'portal.help', message: 'Help' })}
                </span>
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={logOut}>
              <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
              {i18n._({ id: 'portal.log-out', message: 'Log Out' })}
            </Button>
          </nav>
        </div>
        <nav
          aria-label={i18n._(PORTAL_NAVIGATION)}
          hidden={focused}
          className="mx-auto hidden max-w-5xl px-4 sm:block"
        >
          <ul className="flex gap-1 whitespace-nowrap">
            {PORTAL_PAGES.map((page) => (
              <li key={page.href}>
                <NavLink
                  to={page.href}
                  end
                  aria-label={withUnreadCount(i18n._(page.label), unreadOn(page.href, unread))}
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
                  {i18n._(page.label)}
                  <UnreadCountBadge count={unreadOn(page.href, unread)} className="ms-1.5" />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {/* Room under the page for the bottom navigation, which stays over it on a phone. */}
      <div
        className={cn(
          'flex flex-1 flex-col',
          !focused && 'max-sm:pb-[calc(4rem+env(safe-area-inset-bottom))]',
        )}
      >
        {children}
      </div>
      <BottomNavigation hidden={focused} unread={unread} />
    </div>
  );
}

/**
 * On a phone, every section one tap away at the bottom of the screen, whatever the page's length
 * (the installed-app convention); wider screens have the header's tabs instead.
 */
function BottomNavigation({ hidden, unread }: { hidden: boolean; unread: number | null }) {
  const { i18n } = useLingui();
  return (
    <nav
      aria-label={i18n._(PORTAL_NAVIGATION)}
      hidden={hidden}
      data-bottom-nav=""
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card pb-[env(safe-area-inset-bottom)] sm:hidden"
    >
      <ul className="flex">
        {PORTAL_PAGES.map((page) => (
          <li key={page.href} className="flex-1">
            <NavLink
              to={page.href}
              end
              aria-label={withUnreadCount(i18n._(page.short), unreadOn(page.href, unread))}
              className={({ isActive }) =>
                cn(
                  'relative flex h-16 flex-col items-center justify-center gap-1 text-[0.6875rem] leading-none font-semibold',
                  'focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset',
                  isActive ? 'text-primary' : 'text-muted-foreground',
                )
              }
            >
              <page.icon className="size-5" aria-hidden="true" />
              {i18n._(page.short)}
              {/* After the label in reading order, so the words seen ("Messages 1") are within
                  the link's name ("Messages, 1 unread"); drawn at the icon's top corner. */}
              <UnreadCountBadge
                count={unreadOn(page.href, unread)}
                className="absolute top-1.5 start-[calc(50%+2px)] ring-2 ring-card"
              />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
