import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { PublicLayout } from '../app/layouts/public-layout.tsx';
import LandingRoute from '../app/routes/public/landing.tsx';
import { getDocumentTitle } from '../config/document-title.ts';
import { paths } from '../config/paths.ts';
import { withoutStyleAttributes } from '../server-render/style-attributes.ts';

export interface PrerenderedPage {
  title: string;
  /** What goes inside <div id="root">. */
  markup: string;
}

/**
 * Radix draws an accordion's closed answers only once opened. The FAQ is rendered open, so
 * every answer is in the page, then each item is marked closed the way Radix marks it: the
 * page's own script (landing-enhance.ts) opens and closes them from there.
 */
function closeAccordionItems(markup: string): string {
  const answers = markup.split('role="region"').length - 1;
  const expandedButtons = markup.split('aria-expanded="true"').length - 1;
  if (answers === 0 || answers !== expandedButtons) {
    throw new Error(
      `The landing FAQ no longer renders as expected (${answers} answers, ${expandedButtons} open)`,
    );
  }
  return markup
    .replaceAll('data-state="open"', 'data-state="closed"')
    .replaceAll('aria-expanded="true"', 'aria-expanded="false"')
    .replaceAll('role="region"', 'role="region" hidden=""');
}

/** The page's CSP refuses style attributes: none may be left in the prerendered markup. */
function assertNoStyleAttributes(markup: string): string {
  const cleaned = withoutStyleAttributes(markup);
  if (cleaned === null)
    throw new Error('The prerendered landing page has a style attribute, refused by the CSP');
  return cleaned;
}

/**
 * The landing page as a visitor sees it before any data arrives, rendered from the same
 * components as the app (apps/web/vite.config.ts writes it to landing.html at build time; the
 * server sends it for / to requests without a session cookie).
 */
export function renderLandingPage(): PrerenderedPage {
  // Never fetches: nothing runs a query while rendering on the server.
  const queryClient = new QueryClient();
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={paths.home.getHref()}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<LandingRoute faqOpen />} />
          </Route>
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
  return {
    title: getDocumentTitle(paths.home.getHref(), {}),
    markup: assertNoStyleAttributes(closeAccordionItems(markup)),
  };
}
