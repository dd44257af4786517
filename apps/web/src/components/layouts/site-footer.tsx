import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Logo } from '../ui/logo.tsx';
import { Container } from './container.tsx';

export function SiteFooter() {
  return (
    <footer className="on-dark border-felt-800 border-t bg-felt-950 text-felt-100">
      <Container className="flex flex-col gap-6 py-8 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-2">
          <Link to={paths.home.getHref()} className="self-start rounded text-white">
            <Logo className="text-xl" />
          </Link>
          <p className="text-sm">Football blackjack for Premier League fans. Free to play, 18+.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <li>
              <Link
                to={paths.privacyPolicy.getHref()}
                className="inline-flex min-h-11 items-center hover:text-white hover:underline"
              >
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link
                to={paths.termsOfUse.getHref()}
                className="inline-flex min-h-11 items-center hover:text-white hover:underline"
              >
                Terms of Use
              </Link>
            </li>
          </ul>
        </nav>
      </Container>
      <Container className="border-felt-800 border-t py-4 text-felt-200 text-xs">
        <p>© {new Date().getFullYear()} Hit21. Not affiliated with the Premier League or its clubs.</p>
      </Container>
    </footer>
  );
}
