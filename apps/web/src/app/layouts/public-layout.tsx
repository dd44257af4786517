import { Link, NavLink, Outlet } from 'react-router';
import { Container } from '../../components/layouts/container.tsx';
import { MobileMenuToggle, useMobileMenu } from '../../components/layouts/mobile-menu.tsx';
import { SiteFooter } from '../../components/layouts/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layouts/skip-link.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { paths } from '../../config/paths.ts';
import { SectionLink } from '../../features/marketing-content/components/section-link.tsx';
import { type CallToAction, callToActionFor } from '../../features/marketing-content/lib/call-to-action.ts';
import { LANDING_SECTIONS } from '../../features/marketing-content/lib/landing-sections.ts';
import { cn } from '../../lib/cn.ts';
import { useProfile } from '../../lib/queries/get-profile.ts';

const SECTION_LINKS = [
  { label: 'How to Play', section: LANDING_SECTIONS.howToPlay },
  { label: 'FAQ', section: LANDING_SECTIONS.faq },
] as const;

const NAV_LINK_CLASSES =
  'flex min-h-11 items-center rounded-lg px-3 font-display font-medium text-felt-100 uppercase tracking-wider transition-colors hover:bg-white/10 hover:text-white';

/**
 * Public pages: a top bar with How to Play and FAQ (landing page sections), then Login and
 * Sign Up for visitors or the next-step button for signed-in users; a menu on small screens.
 */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

function PublicHeader() {
  // While the profile loads (and for visitors) the signed-out actions show.
  const { data: profile } = useProfile();
  const signedInAction = callToActionFor(profile);

  return (
    <header className="on-dark sticky top-0 z-40 border-felt-800 border-b bg-felt-900 shadow-felt-950/20 shadow-lg">
      <Container className="relative flex h-16 items-center justify-between gap-3">
        <Link to={paths.home.getHref()} className="-ml-1 rounded-md px-1 py-1 text-white">
          <Logo />
        </Link>
        {/* Desktop: one row. Below md the section links and Login move into the menu. */}
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.section}>
                <SectionLink section={link.section} source="header" className={NAV_LINK_CLASSES}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <span aria-hidden="true" className="mx-2 h-6 w-px bg-white/20" />
          <AccountActions signedInAction={signedInAction} />
        </nav>
        <MobileNavigation signedInAction={signedInAction} />
      </Container>
    </header>
  );
}

function AccountActions({ signedInAction }: { signedInAction: CallToAction | null }) {
  if (signedInAction) {
    return (
      <Link to={signedInAction.to} className={buttonVariants({ variant: 'gold', size: 'sm' })}>
        {signedInAction.label}
      </Link>
    );
  }
  return (
    <ul className="flex items-center gap-2">
      <li>
        <LoginLink />
      </li>
      <li>
        <NavLink to={paths.signup.getHref()} className={buttonVariants({ variant: 'gold', size: 'sm' })}>
          Sign Up
        </NavLink>
      </li>
    </ul>
  );
}

function LoginLink({ className }: { className?: string }) {
  return (
    <NavLink
      to={paths.login.getHref()}
      className={({ isActive }) =>
        cn(
          NAV_LINK_CLASSES,
          isActive && 'text-white underline decoration-2 decoration-gold-400 underline-offset-8',
          className,
        )
      }
    >
      Login
    </NavLink>
  );
}

/** Small screens: the main action stays in the bar; the rest opens in a panel under it. */
function MobileNavigation({ signedInAction }: { signedInAction: CallToAction | null }) {
  const menu = useMobileMenu();

  return (
    <nav ref={menu.navRef} aria-label="Main" className="flex items-center gap-2 md:hidden">
      {signedInAction ? (
        <Link to={signedInAction.to} className={buttonVariants({ variant: 'gold', size: 'sm' })}>
          {signedInAction.label}
        </Link>
      ) : (
        <NavLink to={paths.signup.getHref()} className={buttonVariants({ variant: 'gold', size: 'sm' })}>
          Sign Up
        </NavLink>
      )}
      <MobileMenuToggle
        menu={menu}
        className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10"
      />
      <ul
        id={menu.menuId}
        // Shown while the toggle before it is expanded (a CSS rule, which the prerendered page shares).
        className="absolute inset-x-0 top-full hidden flex-col gap-1 border-felt-800 border-b bg-felt-900 px-4 pt-2 pb-4 shadow-xl peer-aria-expanded:flex"
      >
        {SECTION_LINKS.map((link) => (
          <li key={link.section}>
            <SectionLink section={link.section} source="header" className={cn(NAV_LINK_CLASSES, 'text-lg')}>
              {link.label}
            </SectionLink>
          </li>
        ))}
        {signedInAction ? null : (
          <li>
            <LoginLink className="text-lg" />
          </li>
        )}
      </ul>
    </nav>
  );
}
