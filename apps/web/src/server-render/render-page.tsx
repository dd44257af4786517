/**
 * The app drawn on the server, for a visitor or a signed-in player, so a phone paints the page
 * before any script arrives; the browser's app then takes it over (src/main.tsx). Built on its
 * own (`npm run build` writes dist-server/) and loaded by the server
 * (apps/server/src/plugins/app/web-app.ts), which answers the page's API requests itself, as
 * the person it draws for.
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { hydrationElement } from '../app/hydration.ts';
import { AppProvider } from '../app/provider.tsx';
import { createAppRoutes } from '../app/router.tsx';
import { titleContextFor } from '../app/title-context.ts';
import { getDocumentTitle } from '../config/document-title.ts';
import { setServerPublicUrl } from '../config/public-url.ts';
import { getProfileQueryOptions } from '../lib/queries/get-profile.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { styleAttributeValues } from './style-attributes.ts';

/** How the page's API requests reach the server, which answers them in-process. */
export { setApiTransport } from '../lib/api-client.ts';

export interface RenderedPage {
  /** What goes inside #root. */
  appHtml: string;
  /** The JSON script element the browser hydrates from, to go after #root. */
  hydration: string;
  /** The page's title, as the app sets it. */
  title: string;
  /** Its style attributes (Radix's, a bar's height), for the response's CSP to allow by hash. */
  styleAttributes: string[];
}

export interface RenderOptions {
  publicUrl: string;
  /**
   * The request came with a session cookie: the guards read the player's profile (through the
   * server, with that cookie). Without one nobody is signed in, and no profile is asked for.
   */
  hasSessionCookie: boolean;
}

/**
 * The page at `url` as its reader sees it, or null where the browser's app should draw it: a
 * guard that sends the reader elsewhere (a visitor on a signed-in page, an expired session), a
 * route that failed, or data the page needs that could not be read (the app then shows its own
 * loading and error states).
 */
export async function renderPage(
  url: string,
  { publicUrl, hasSessionCookie }: RenderOptions,
): Promise<RenderedPage | null> {
  const queryClient = createQueryClient();
  try {
    if (!hasSessionCookie) queryClient.setQueryData(getProfileQueryOptions().queryKey, null);
    const handler = createStaticHandler(createAppRoutes(queryClient));
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return null;
    // Some routes open before their data arrives (in the browser the dashboard shows its own
    // loading state meanwhile): the drawing waits for it.
    await Promise.allSettled(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.promise),
    );
    const everythingRead = queryClient
      .getQueryCache()
      .getAll()
      .every((query) => query.state.status === 'success');
    if (!everythingRead) return null;

    // Read while drawing (share and invite links); drawing is synchronous, so no other page's
    // setting can come between.
    setServerPublicUrl(publicUrl);
    const appHtml = renderToString(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProvider>
      </StrictMode>,
    );
    const hydration = hydrationElement({
      queries: dehydrate(queryClient),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    });
    const title = getDocumentTitle(
      new URL(url).pathname,
      titleContextFor(queryClient.getQueryData(getProfileQueryOptions().queryKey)),
    );
    return { appHtml, hydration, title, styleAttributes: styleAttributeValues(appHtml) };
  } finally {
    // The cache's garbage-collection timers would keep every page's data for minutes.
    queryClient.clear();
  }
}
