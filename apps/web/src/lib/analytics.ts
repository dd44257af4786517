import type { AnalyticsEventInput } from '@hit21/core';
import { env } from '../config/env.ts';

const ANALYTICS_ENDPOINT = '/api/analytics/events';

/**
 * Records a first-party analytics event. Fire-and-forget: it never throws, never blocks
 * navigation and ignores every failure, because analytics must not break the game. The types
 * shape each event and the server validates it (a malformed one is refused, never stored), so
 * the schema stays out of the pages' code: the prerendered landing page sends these too.
 */
export function sendAnalyticsEvent(event: AnalyticsEventInput): void {
  const url = `${env.API_URL}${ANALYTICS_ENDPOINT}`;
  const body = JSON.stringify(event);
  if (sendWithBeacon(url, body)) return;
  try {
    fetch(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Ignored on purpose: see above.
  }
}

/** True when the browser queued the beacon; false (never a throw) when it cannot. */
function sendWithBeacon(url: string, body: string): boolean {
  try {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    return navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  } catch {
    return false;
  }
}

/** A page view; only the pathname is sent, never the query (it may hold reset tokens). */
export function recordPageView(pathname: string): void {
  sendAnalyticsEvent({ name: 'page_view', path: pathname.slice(0, 512) });
}
