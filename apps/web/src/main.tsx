import './styles/index.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { announceAppRunning } from './app/app-running.ts';
import { loadMatchedRoutes, readHydration, rememberTypedValues } from './app/hydration.ts';
import { App } from './app/index.tsx';
import { createAppRouter, createAppRoutes } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';

// Libraries that add a <style> element (Radix's scroll lock, through get-nonce) mark it with the
// page's CSP nonce, which the server writes into <meta property="csp-nonce">.
const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (cspNonce) Object.assign(globalThis, { __webpack_nonce__: cspNonce });

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

function app(router: DataRouter, onFirstRender?: () => void) {
  return (
    <StrictMode>
      <App router={router} queryClient={queryClient} onFirstRender={onFirstRender} />
    </StrictMode>
  );
}

/**
 * A visitor's page comes drawn by the server (apps/server/src/plugins/app/web-app.ts): React
 * takes it over; any other page the app draws.
 */
async function start(root: HTMLElement): Promise<void> {
  const routes = createAppRoutes(queryClient);
  const hydration = root.firstElementChild ? readHydration(document) : null;
  if (!hydration || !(await loadMatchedRoutes(routes, window.location))) {
    createRoot(root).render(app(createAppRouter(routes), announceAppRunning));
    return;
  }
  hydrate(queryClient, hydration.queries);
  const typeAgain = rememberTypedValues(root);
  const takenOver = () => {
    typeAgain();
    announceAppRunning();
  };
  // As a transition React takes the page over in slices, leaving the phone free to answer a tap.
  startTransition(() => {
    hydrateRoot(root, app(createAppRouter(routes, hydration.router), takenOver));
  });
}

void start(container);
