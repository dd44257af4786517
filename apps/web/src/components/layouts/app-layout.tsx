import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useMatch } from 'react-router';
import { paths } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';
import { Logo } from '../ui/logo.tsx';
import { Container } from './container.tsx';
import { SiteFooter } from './site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

interface NavItem {
  label: string;
  to: string;
  /** Highlight the link for every path under this pattern. */
  activePattern: string;
}

const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Leagues', to: paths.leagues.getHref(), activePattern: '/leagues/*' },
  { label: 'Leaderboard', to: paths.leaderboard.global.getHref(), activePattern: '/leaderboard/*' },
  { label: 'Rules', to: paths.rules.getHref(), activePattern: '/rules' },
];

/** Signed-in pages: a sticky felt header with the main navigation and a mobile menu. */
export function AppLayout() {
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

function AppHeader() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();

  // Close the menu whenever the location changes (link click, back button, redirect).
  const [lastLocationKey, setLastLocationKey] = useState(location.key);
  if (location.key !== lastLocationKey) {
    setLastLocationKey(location.key);
    setIsMenuOpen(false);
  }

  useEffect(() => {
    if (!isMenuOpen) return;
    function handlePointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setIsMenuOpen(false);
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isMenuOpen]);

  return (
    <header className="on-dark sticky top-0 z-40 border-felt-800 border-b bg-felt-900 shadow-lg shadow-felt-950/20">
      <Container className="relative flex h-16 items-center justify-between gap-4">
        <Link to={paths.dashboard.getHref()} className="-ml-1 rounded-md px-1 py-1 text-white">
          <Logo />
        </Link>
        <nav ref={navRef} aria-label="Main" className="flex items-center">
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10 md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            {isMenuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
          <ul
            id={menuId}
            className={cn(
              // Mobile: a panel under the header. Desktop: an inline row.
              'absolute inset-x-0 top-full flex-col gap-1 border-felt-800 border-b bg-felt-900 px-4 pt-2 pb-4 shadow-xl',
              'md:static md:flex md:flex-row md:items-center md:gap-1 md:border-0 md:bg-transparent md:p-0 md:shadow-none',
              isMenuOpen ? 'flex' : 'hidden',
            )}
          >
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <HeaderNavLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </header>
  );
}

function HeaderNavLink({ item }: { item: NavItem }) {
  const isActive = useMatch(item.activePattern) !== null;
  return (
    <Link
      to={item.to}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        'relative flex min-h-11 items-center rounded-lg px-3 font-display font-medium text-lg uppercase tracking-wider transition-colors md:text-base',
        'after:absolute after:inset-x-3 after:bottom-1 after:h-0.5 after:rounded-full after:bg-gold-400 after:transition-opacity',
        isActive
          ? 'text-white after:opacity-100'
          : 'text-felt-100 after:opacity-0 hover:bg-white/10 hover:text-white',
      )}
    >
      {item.label}
    </Link>
  );
}
