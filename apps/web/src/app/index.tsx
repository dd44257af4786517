import { queryClient } from '../lib/query-client.ts';
import { configureValidationMessages } from '../lib/validation-messages.ts';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

configureValidationMessages();

export function App() {
  return (
    <AppProvider>
      <AppRouter queryClient={queryClient} />
    </AppProvider>
  );
}
