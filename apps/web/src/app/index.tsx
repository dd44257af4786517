import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { configureValidationMessages } from '../lib/validation-messages.ts';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

configureValidationMessages();

interface AppProps {
  router: DataRouter;
  queryClient: QueryClient;
  /** Runs once the app has drawn (or taken over) the page. */
  onFirstRender?: () => void;
}

export function App({ router, queryClient, onFirstRender }: AppProps) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter router={router} onFirstRender={onFirstRender} />
    </AppProvider>
  );
}
