import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastOutlet } from '../components/ui/toast-outlet.tsx';
import { queryClient } from '../lib/query-client.ts';

/** App-wide providers: server state and the single toast outlet. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastOutlet />
    </QueryClientProvider>
  );
}
