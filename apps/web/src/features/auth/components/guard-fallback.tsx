import { useLocation } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { guardLoadingMessage } from '../guards/guard-loading-message.ts';

const ACCOUNT_SCREENS: readonly string[] = [
  paths.login.path,
  paths.signup.path,
  paths.forgotPassword.path,
  paths.verifyEmail.path,
];

/**
 * The `HydrateFallback` of a guarded branch of the router. On the account screens it sits on
 * the same felt as their card, so the card arrives without a flash of white.
 */
export function GuardFallback() {
  const { pathname } = useLocation();
  const message = guardLoadingMessage(pathname);
  if (!ACCOUNT_SCREENS.some((screen) => pathname.startsWith(screen)))
    return <LoadingScreen message={message} />;
  return (
    <div
      role="status"
      aria-live="polite"
      className="felt-surface on-dark flex min-h-[calc(100dvh-4rem)] flex-1 flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <Spinner size="lg" className="text-gold-400" />
      <p className="font-display text-lg uppercase tracking-wider">{message}</p>
    </div>
  );
}
