import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastOutlet } from '../components/ui/toast-outlet.tsx';

/** App-wide providers: server state and the single toast outlet. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastOutlet />
    </QueryClientProvider>
  );
}
