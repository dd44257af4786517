/**
 * The app drawn on the server for a visitor (no session cookie), so a phone paints the page
 * before any script arrives; the browser's app then takes it over (src/main.tsx). Built on its
 * own (`npm run build` writes dist-server/) and loaded by the server
 * (apps/server/src/plugins/app/web-app.ts), which answers the page's API requests itself.
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { hydrationElement } from '../app/hydration.ts';
import { AppProvider } from '../app/provider.tsx';
import { createAppRoutes } from '../app/router.tsx';
import { getDocumentTitle } from '../config/document-title.ts';
import { setServerPublicUrl } from '../config/public-url.ts';
import { getProfileQueryOptions } from '../lib/queries/get-profile.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { withoutStyleAttributes } from './style-attributes.ts';

/** How the page's API requests reach the server, which answers them in-process. */
export { setApiTransport } from '../lib/api-client.ts';

export interface RenderedPage {
  /** What goes inside #root. */
  appHtml: string;
  /** The JSON script element the browser hydrates from, to go after #root. */
  hydration: string;
  /** The page's title, as the app sets it. */
  title: string;
}

/**
 * The page at `url` as a visitor sees it, or null where the browser's app should draw it: a
 * guard that sends the visitor elsewhere (a signed-in page), a route that failed, data the page
 * needs that could not be read (the app then shows its own loading and error states), or a
 * style attribute the CSP would refuse.
 */
export async function renderVisitorPage(
  url: string,
  { publicUrl }: { publicUrl: string },
): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  try {
    // Nobody is signed in: the guards and the header read no profile.
    queryClient.setQueryData(getProfileQueryOptions().queryKey, null);
    const handler = createStaticHandler(createAppRoutes(queryClient));
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return null;
    const everythingRead = queryClient
      .getQueryCache()
      .getAll()
      .every((query) => query.state.status === 'success');
    if (!everythingRead) return null;

    // Read while drawing (share and invite links); drawing is synchronous, so no other page's
    // setting can come between.
    setServerPublicUrl(publicUrl);
    const appHtml = withoutStyleAttributes(
      renderToString(
        <StrictMode>
          <AppProvider queryClient={queryClient}>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              hydrate={false}
            />
          </AppProvider>
        </StrictMode>,
      ),
    );
    if (appHtml === null) return null;
    const hydration = hydrationElement({
      queries: dehydrate(queryClient),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    });
    const title = getDocumentTitle(new URL(url).pathname, { country: null, club: null });
    return { appHtml, hydration, title };
  } finally {
    // The cache's garbage-collection timers would keep every page's data for minutes.
    queryClient.clear();
  }
}
