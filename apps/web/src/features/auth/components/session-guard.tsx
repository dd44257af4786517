import { Outlet } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { LOADING_MESSAGES } from '../../../config/loading-messages.ts';
import { useSessionRevalidation } from '../hooks/use-session-revalidation.ts';

/**
 * The element of a guarded branch of the router: its loader decides who may enter, this
 * keeps the session checked while the user stays, and hides the page as soon as it ends.
 */
export function SessionGuard() {
  const isSessionValid = useSessionRevalidation();
  if (!isSessionValid) return <LoadingScreen message={LOADING_MESSAGES.authentication} />;
  return <Outlet />;
}
