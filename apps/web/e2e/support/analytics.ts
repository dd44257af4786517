import type { BrowserContext, Page } from 'playwright-core';

export interface SentEvent {
  name: string;
  path: string;
  properties?: Record<string, string | number | boolean>;
}

/**
 * Keeps a copy of every analytics event the context's pages send to /api/analytics/events.
 * Chromium hides a beacon's body from request interception, so the copy is taken in the page
 * as the beacon (or the fetch fallback) leaves; the server still receives every event.
 */
export async function captureAnalytics(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const sent: string[] = [];
    Object.assign(window, { sentAnalytics: sent });
    const isAnalytics = (url: string | URL) => String(url).endsWith('/api/analytics/events');
    const sendBeacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (isAnalytics(url) && data instanceof Blob) data.text().then((text) => sent.push(text));
      return sendBeacon(url, data);
    };
    const originalFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : input;
      if (isAnalytics(url) && typeof init?.body === 'string') sent.push(init.body);
      return originalFetch(input, init);
    };
  });
}

/** The events sent so far by the page, oldest first. */
export function sentAnalytics(page: Page): Promise<SentEvent[]> {
  return page.evaluate(() =>
    (window as unknown as { sentAnalytics: string[] }).sentAnalytics.map((text) => JSON.parse(text)),
  );
}

/** The events of one name sent so far by the page. */
export async function sentEvents(page: Page, name: string): Promise<SentEvent[]> {
  return (await sentAnalytics(page)).filter((event) => event.name === name);
}
