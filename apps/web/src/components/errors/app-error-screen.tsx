import { RotateCcw, TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '../ui/button.tsx';
import { Logo } from '../ui/logo.tsx';
import { type ErrorDetails, getErrorDetails } from './get-error-details.ts';

export interface AppErrorScreenProps extends ErrorDetails {
  /** `standalone` draws its own page (root boundary); `inline` sits inside a layout's <main>. */
  variant?: 'standalone' | 'inline';
}

/** "Unexpected Application Error!" with the status and message. */
export function AppErrorScreen({ status, message, stack, variant = 'inline' }: AppErrorScreenProps) {
  const content = (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-5 px-4 py-16 text-center sm:py-24">
      <span className="grid size-16 place-items-center rounded-full bg-bust-100 text-bust-700 ring-8 ring-bust-100/50">
        <TriangleAlert aria-hidden="true" className="size-8" />
      </span>
      <h1 className="font-bold font-display text-3xl text-felt-900 uppercase tracking-wide sm:text-4xl">
        Unexpected Application Error!
      </h1>
      <p className="flex w-full flex-col items-center gap-1">
        <span className="numeric font-bold text-5xl text-bust-700">{status}</span>
        <span className="w-full text-lg text-muted [overflow-wrap:anywhere]">{message}</span>
      </p>
      {/* Hard navigations: after a crash a fresh document is the safest recovery. */}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" />
          Reload Page
        </Button>
        <Button asChild variant="secondary">
          <a href="/">Go to Homepage</a>
        </Button>
      </div>
      {import.meta.env.DEV && stack ? (
        <pre className="mt-4 max-h-64 w-full overflow-auto rounded-lg bg-stone-900 p-4 text-left text-stone-100 text-xs">
          {stack}
        </pre>
      ) : null}
    </div>
  );

  if (variant === 'inline') return content;

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="on-dark border-felt-800 border-b bg-felt-900">
        <div className="mx-auto flex h-16 w-full max-w-page items-center px-4 sm:px-6 lg:px-8">
          <a href="/" className="-ml-1 rounded-md px-1 py-1 text-white">
            <Logo />
          </a>
        </div>
      </header>
      <main className="flex flex-1 flex-col bg-chalk">{content}</main>
    </div>
  );
}

/** Router error element: reads the thrown error of the failed route. */
export function RouteErrorBoundary({ variant = 'inline' }: { variant?: AppErrorScreenProps['variant'] }) {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <AppErrorScreen variant={variant} {...getErrorDetails(error)} />;
}

export function RootErrorBoundary() {
  return <RouteErrorBoundary variant="standalone" />;
}
