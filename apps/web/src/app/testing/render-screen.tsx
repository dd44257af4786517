import { cleanup, configure, type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, type DataRouter } from 'react-router';
import { onTestFinished } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
// The app loads its toasts' code with the first toast. Loaded here, with the file, that import
// is not paid inside a test's wait, which a busy machine can outlast.
import '../../components/ui/toaster.tsx';
import { App } from '../index.tsx';
import { createAppRoutes } from '../router.tsx';
import { type MockedApi, type MockRoutes, mockApi } from './mock-api.ts';

// A screen's code is compiled on its first import in a run (slowly, beside the other files):
// the first wait pays for that.
configure({ asyncUtilTimeout: 15_000 });

export interface RenderedScreen extends RenderResult {
  user: UserEvent;
  router: DataRouter;
  api: MockedApi;
}

/**
 * Draws the app at `path` (or the last of `history`, the pages visited before it first) as the browser does (its routes, guards, query client and toast
 * outlet) in memory, against a mocked API (mock-api.ts): each test starts from a fresh cache.
 */
export function renderScreen(history: string | string[], routes: MockRoutes): RenderedScreen {
  const api = mockApi(routes);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), {
    initialEntries: typeof history === 'string' ? [history] : history,
    initialIndex: typeof history === 'string' ? 0 : history.length - 1,
  });
  const result = render(<App router={router} queryClient={queryClient} />);
  onTestFinished(() => {
    cleanup();
    queryClient.clear();
  });
  return { ...result, user: userEvent.setup({ delay: null }), router, api };
}
