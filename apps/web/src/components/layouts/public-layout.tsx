import { Link, NavLink, Outlet } from 'react-router';
import { paths } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';
import { buttonVariants } from '../ui/button.tsx';
import { Logo } from '../ui/logo.tsx';
import { Container } from './container.tsx';
import { SiteFooter } from './site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

/** Signed-out pages: a top bar with the logo, Login and Sign Up. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="on-dark sticky top-0 z-40 border-felt-800 border-b bg-felt-900">
        <Container className="flex h-16 items-center justify-between gap-3">
          <Link to={paths.home.getHref()} className="-ml-1 rounded-md px-1 py-1 text-white">
            <Logo />
          </Link>
          <nav aria-label="Account">
            <ul className="flex items-center gap-1 sm:gap-2">
              <li>
                <NavLink
                  to={paths.login.getHref()}
                  className={({ isActive }) =>
                    buttonVariants({
                      variant: 'ghost',
                      size: 'sm',
                      className: cn(
                        'text-white',
                        isActive && 'underline decoration-2 decoration-gold-400 underline-offset-8',
                      ),
                    })
                  }
                >
                  Login
                </NavLink>
              </li>
              <li>
                <NavLink
                  to={paths.signup.getHref()}
                  className={buttonVariants({ variant: 'gold', size: 'sm' })}
                >
                  Sign Up
                </NavLink>
              </li>
            </ul>
          </nav>
        </Container>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
