import { ArrowLeft, Home } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Container } from '../../components/layouts/container.tsx';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

/**
 * Whether this tab has a page to go back to: an earlier page of the app (React Router's `idx`
 * in history.state) or an earlier document, as when a mistyped address was loaded directly.
 * A tab opened straight on the bad address has neither, and goes home instead.
 */
function hasHistoryToGoBackTo(): boolean {
  const state: unknown = window.history.state;
  const appIndex = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : 0;
  return (typeof appIndex === 'number' && appIndex > 0) || window.history.length > 1;
}

export default function NotFoundRoute() {
  const navigate = useNavigate();

  function goBack() {
    if (hasHistoryToGoBackTo()) navigate(-1);
    else navigate(paths.home.getHref());
  }

  return (
    <Container className="flex flex-1 flex-col items-center justify-center gap-6 py-16 text-center sm:py-24">
      <div aria-hidden="true" className="relative mb-2 h-36 w-28">
        <div className="absolute inset-0 -rotate-12 rounded-xl bg-gold-400 shadow-lg" />
        <div className="absolute inset-0 rotate-6 rounded-xl bg-bust-500 shadow-xl ring-4 ring-white" />
        <span className="numeric absolute inset-0 grid rotate-6 place-items-center font-bold text-4xl text-white">
          404
        </span>
      </div>
      <h1 className="font-bold font-display text-4xl text-felt-900 uppercase tracking-wide sm:text-5xl">
        Page Not Found
      </h1>
      <p className="max-w-lg text-lg text-muted">
        Oops! The page you're looking for doesn't exist. It might have been moved, deleted, or you entered the
        wrong URL.
      </p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link to={paths.home.getHref()}>
            <Home aria-hidden="true" />
            Go to Homepage
          </Link>
        </Button>
        <Button variant="secondary" size="lg" onClick={goBack}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      </div>
    </Container>
  );
}
