import type { RouterState } from 'react-router';
import { recordPageView, sendAnalyticsEvent } from './analytics.ts';

/**
 * How long a page must stay put before it counts as landed on. A screen that redirects as it
 * renders (a `<Navigate>`, or one waiting for a query first) starts a new navigation within
 * this time, so the page it left is never recorded.
 */
export const PAGE_SETTLE_MS = 400;

/**
 * The part of React Router's data router that page tracking reads (the prerendered landing
 * page, which has no router, passes a page that never changes).
 */
export interface TrackedRouter {
  readonly state: {
    initialized: RouterState['initialized'];
    navigation: Pick<RouterState['navigation'], 'state'>;
    location: Pick<RouterState['location'], 'pathname'>;
  };
  subscribe(listener: (state: TrackedRouter['state']) => void): () => void;
}

interface CurrentPage {
  pathname: string;
  /** When the page last became visible; null while the tab is hidden. */
  visibleSince: number | null;
}

/**
 * Records `page_view` for each page the user lands on (never for a page a guard or a screen
 * redirected away from: the router must be idle, after its loaders' redirects, and the page
 * must stay for PAGE_SETTLE_MS), and `time_on_page` with the seconds it was visible when the
 * user leaves it or hides the tab. Returns the function that stops tracking.
 */
export function trackPages(router: TrackedRouter, now: () => number = Date.now): () => void {
  let current: CurrentPage | null = null;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;

  function endVisibleStretch() {
    if (current?.visibleSince == null) return;
    const seconds = Math.round((now() - current.visibleSince) / 1000);
    sendAnalyticsEvent({ name: 'time_on_page', path: current.pathname, properties: { seconds } });
    current.visibleSince = null;
  }

  function land(pathname: string) {
    endVisibleStretch();
    current = { pathname, visibleSince: document.visibilityState === 'hidden' ? null : now() };
    recordPageView(pathname);
  }

  function consider(state: TrackedRouter['state']) {
    clearTimeout(settleTimer);
    // Not initialised: the first page's loaders (the guards) are still deciding.
    if (!state.initialized || state.navigation.state !== 'idle') return;
    const { pathname } = state.location;
    if (pathname === current?.pathname) return;
    settleTimer = setTimeout(() => land(pathname), PAGE_SETTLE_MS);
  }

  function onVisibilityChange() {
    if (document.visibilityState === 'hidden') endVisibleStretch();
    else if (current && current.visibleSince === null) current.visibleSince = now();
  }

  consider(router.state);
  const unsubscribe = router.subscribe(consider);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    clearTimeout(settleTimer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
