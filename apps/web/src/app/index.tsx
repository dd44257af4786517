import { queryClient } from '../lib/query-client.ts';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

export function App() {
  return (
    <AppProvider>
      <AppRouter queryClient={queryClient} />
    </AppProvider>
  );
}
