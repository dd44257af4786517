import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordPageView, sendAnalyticsEvent } from './analytics.ts';
import { PAGE_SETTLE_MS, type TrackedRouter, trackPages } from './page-tracking.ts';

vi.mock('./analytics.ts', () => ({ recordPageView: vi.fn(), sendAnalyticsEvent: vi.fn() }));

type State = TrackedRouter['state'];

/** A stand-in for the data router: a state and its subscribers. */
function fakeRouter(pathname: string, initialized = true) {
  const listeners = new Set<(state: State) => void>();
  const router = {
    state: stateAt(pathname, initialized),
    subscribe(listener: (state: State) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    router,
    set(state: State) {
      router.state = state;
      for (const listener of listeners) listener(state);
    },
  };
}

function stateAt(pathname: string, initialized = true, navigation: 'idle' | 'loading' = 'idle'): State {
  return {
    initialized,
    location: { pathname },
    navigation: { state: navigation },
  };
}

const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });

function setVisibility(visibility: DocumentVisibilityState) {
  page.visibilityState = visibility;
  page.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('document', page);
  page.visibilityState = 'visible';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const recordedPaths = () => vi.mocked(recordPageView).mock.calls.map(([pathname]) => pathname);

describe('trackPages: page views', () => {
  it('records the first page once it has settled', () => {
    const { router } = fakeRouter('/rules');
    const stop = trackPages(router);
    expect(recordedPaths()).toEqual([]);
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    expect(recordedPaths()).toEqual(['/rules']);
    stop();
  });

  it('skips the page a guard redirects away from on arrival', () => {
    // While the guard's loader decides, the router is not initialised, at the asked-for address.
    const { router, set } = fakeRouter('/dashboard', false);
    const stop = trackPages(router);
    vi.advanceTimersByTime(PAGE_SETTLE_MS * 3);
    set(stateAt('/login'));
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    expect(recordedPaths()).toEqual(['/login']);
    stop();
  });

  it('skips a page that redirects as it renders, and one passed through while loading', () => {
    const { router, set } = fakeRouter('/dashboard');
    const stop = trackPages(router);
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    set(stateAt('/dashboard', true, 'loading'));
    set(stateAt('/leaderboard'));
    vi.advanceTimersByTime(10);
    set(stateAt('/leaderboard', true, 'loading'));
    vi.advanceTimersByTime(PAGE_SETTLE_MS * 2);
    set(stateAt('/leaderboard/global'));
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    expect(recordedPaths()).toEqual(['/dashboard', '/leaderboard/global']);
    stop();
  });

  it('records a pathname once, whatever its hash or query does', () => {
    const { router, set } = fakeRouter('/');
    const stop = trackPages(router);
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    // The same pathname with another hash (an in-page section link) is the same page.
    set(stateAt('/'));
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    expect(recordedPaths()).toEqual(['/']);
    stop();
  });

  it('stops listening when stopped', () => {
    const { router, set } = fakeRouter('/');
    const stop = trackPages(router);
    stop();
    set(stateAt('/rules'));
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    expect(recordedPaths()).toEqual([]);
  });
});

describe('trackPages: time on page', () => {
  const timeEvents = () =>
    vi
      .mocked(sendAnalyticsEvent)
      .mock.calls.map(([event]) => event)
      .filter((event) => event.name === 'time_on_page');

  it('sends the seconds a page was seen when the user moves on', () => {
    const { router, set } = fakeRouter('/');
    const stop = trackPages(router);
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    vi.advanceTimersByTime(12_400);
    set(stateAt('/signup'));
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    expect(timeEvents()).toEqual([{ name: 'time_on_page', path: '/', properties: { seconds: 13 } }]);
    stop();
  });

  it('counts only the time the tab was visible', () => {
    const { router, set } = fakeRouter('/coming-soon');
    const stop = trackPages(router);
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    vi.advanceTimersByTime(5_000);
    setVisibility('hidden');
    expect(timeEvents()).toEqual([
      { name: 'time_on_page', path: '/coming-soon', properties: { seconds: 5 } },
    ]);
    vi.advanceTimersByTime(60_000);
    setVisibility('visible');
    vi.advanceTimersByTime(3_000);
    set(stateAt('/'));
    vi.advanceTimersByTime(PAGE_SETTLE_MS);
    expect(timeEvents().map((event) => event.properties)).toEqual([{ seconds: 5 }, { seconds: 3 }]);
    stop();
  });
});
