import { badgeText, NOTIFICATION_LIMITS } from '@hit21/core';
import { LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, Outlet, useMatch } from 'react-router';
import { Container } from '../../components/layouts/container.tsx';
import { MobileMenuToggle, useMobileMenu } from '../../components/layouts/mobile-menu.tsx';
import { SiteFooter } from '../../components/layouts/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layouts/skip-link.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { paths } from '../../config/paths.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useNotificationStream } from '../../features/notifications/hooks/use-notification-stream.ts';
import { cn } from '../../lib/cn.ts';
import { useNotificationSummary } from '../../lib/queries/get-notification-summary.ts';
import { useProfile } from '../../lib/queries/get-profile.ts';

interface NavItem {
  label: string;
  to: string;
  /** Highlight the link for every path under this pattern. */
  activePattern: string;
  /** Shows the player's unread join requests beside the label. */
  hasJoinRequestBadge?: boolean;
}

const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Leagues', to: paths.leagues.getHref(), activePattern: '/leagues/*', hasJoinRequestBadge: true },
  { label: 'Leaderboard', to: paths.leaderboard.global.getHref(), activePattern: '/leaderboard/*' },
  { label: 'Rules', to: paths.rules.getHref(), activePattern: '/rules' },
];

/** Signed-in pages: a sticky felt header with the main navigation, a profile menu and a mobile menu. */
export function AppLayout() {
  const { data: profile } = useProfile();
  // One live connection per signed-in page, closed on sign-out.
  useNotificationStream(Boolean(profile));
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** "3 new join requests": the Leagues link's and the closed menu's words for the count. */
function joinRequestsLabel(count: number): string {
  return `${count} new join ${count === 1 ? 'request' : 'requests'}`;
}

function AppHeader() {
  const menu = useMobileMenu();
  const { data: summary } = useNotificationSummary();
  const joinRequests = summary?.unreadJoinRequests ?? 0;

  return (
    <header className="on-dark sticky top-0 z-40 border-felt-800 border-b bg-felt-900 shadow-lg shadow-felt-950/20">
      <Container className="relative flex h-16 items-center justify-between gap-4">
        <Link to={paths.dashboard.getHref()} className="-ml-1 rounded-md px-1 py-1 text-white">
          <Logo />
        </Link>
        <div className="flex items-center gap-1 md:gap-3">
          <nav ref={menu.navRef} aria-label="Main" className="flex items-center md:order-first">
            <MobileMenuToggle
              menu={menu}
              className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10 md:hidden"
              badge={
                joinRequests > 0
                  ? {
                      text: badgeText(joinRequests, NOTIFICATION_LIMITS.headerBadgeCap),
                      label: joinRequestsLabel(joinRequests),
                    }
                  : undefined
              }
            />
            <ul
              id={menu.menuId}
              className={cn(
                // Mobile: a panel under the header. Desktop: an inline row.
                'absolute inset-x-0 top-full flex-col gap-1 border-felt-800 border-b bg-felt-900 px-4 pt-2 pb-4 shadow-xl',
                'md:static md:flex md:flex-row md:items-center md:gap-1 md:border-0 md:bg-transparent md:p-0 md:shadow-none',
                menu.isOpen ? 'flex' : 'hidden',
              )}
            >
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <HeaderNavLink item={item} />
                </li>
              ))}
            </ul>
          </nav>
          <NotificationBell />
          <ProfileMenu />
        </div>
      </Container>
    </header>
  );
}

function HeaderNavLink({ item }: { item: NavItem }) {
  const isActive = useMatch(item.activePattern) !== null;
  const { data: summary } = useNotificationSummary({ enabled: item.hasJoinRequestBadge === true });
  const joinRequests = item.hasJoinRequestBadge ? (summary?.unreadJoinRequests ?? 0) : 0;
  return (
    <Link
      to={item.to}
      aria-current={isActive ? 'page' : undefined}
      aria-label={joinRequests > 0 ? `${item.label}, ${joinRequestsLabel(joinRequests)}` : undefined}
      className={cn(
        'relative flex min-h-11 items-center rounded-lg px-3 font-display font-medium text-lg uppercase tracking-wider transition-colors md:text-base',
        'after:absolute after:inset-x-3 after:bottom-1 after:h-0.5 after:rounded-full after:bg-gold-400 after:transition-opacity',
        isActive
          ? 'text-white after:opacity-100'
          : 'text-felt-100 after:opacity-0 hover:bg-white/10 hover:text-white',
      )}
    >
      {item.label}
      {joinRequests > 0 ? (
        <span
          data-testid="leagues-badge"
          className="numeric ml-2 grid h-5 min-w-5 place-items-center rounded-full bg-bust-700 px-1 font-sans font-semibold text-[0.7rem] text-white tracking-normal"
        >
          {badgeText(joinRequests, NOTIFICATION_LIMITS.headerBadgeCap)}
        </span>
      ) : null}
    </Link>
  );
}

/** The initial of the user's full name, or "U" while there is none. */
function profileInitial(fullName: string | null | undefined): string {
  const first = fullName?.trim().charAt(0);
  return first ? first.toLocaleUpperCase('en-GB') : 'U';
}

function ProfileMenu() {
  const { data: profile } = useProfile();
  const signOut = useSignOut();
  const name = profile?.fullName?.trim();

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Profile menu"
        className="grid size-11 place-items-center rounded-full hover:bg-white/10 data-[state=open]:bg-white/10"
      >
        <span
          aria-hidden="true"
          className="grid size-9 place-items-center rounded-full bg-gold-400 font-bold font-display text-felt-950 text-lg shadow-sm ring-2 ring-white/80"
        >
          {profileInitial(profile?.fullName)}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          // Capped, so a long name or address is cut with an ellipsis (shown in full on hover).
          className="z-50 w-max min-w-60 max-w-[min(20rem,calc(100vw-1.5rem))] rounded-xl bg-white p-1.5 text-ink shadow-2xl ring-1 ring-line data-[state=open]:animate-pop-in"
        >
          {profile ? (
            <DropdownMenu.Label className="flex flex-col gap-0.5 px-3 pt-2 pb-2.5">
              {name ? (
                <span title={name} data-testid="profile-menu-name" className="truncate font-semibold">
                  {name}
                </span>
              ) : null}
              <span title={profile.email} className="truncate text-muted text-sm">
                {profile.email}
              </span>
            </DropdownMenu.Label>
          ) : null}
          {profile ? <DropdownMenu.Separator className="my-1 h-px bg-line" /> : null}
          <DropdownMenu.Item asChild className={MENU_ITEM}>
            <Link to={paths.settings.getHref()}>
              <Settings aria-hidden="true" className="size-5 text-muted" />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={MENU_ITEM}
            disabled={signOut.isPending}
            onSelect={() => signOut.mutate()}
          >
            <LogOut aria-hidden="true" className="size-5 text-muted" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const MENU_ITEM =
  'flex min-h-11 cursor-pointer select-none items-center gap-3 rounded-lg px-3 font-medium outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-stone-100 data-[disabled]:opacity-50';
