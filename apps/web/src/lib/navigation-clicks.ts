import { sendAnalyticsEvent } from './analytics.ts';

/**
 * Records `navigation_click` for every click on a link inside a navigation landmark (the top
 * bars, their mobile menus, the footer, the tabs that are links), naming the menu by its
 * label, the link by its text and where it leads. One listener for the whole app, so no menu
 * can forget to send it. Returns the function that stops listening.
 */
export function trackNavigationClicks(target: Document = document): () => void {
  function onClick(event: MouseEvent) {
    if (!(event.target instanceof Element)) return;
    const link = event.target.closest('a[href]');
    const menu = link?.closest('nav');
    if (!link || !menu) return;
    const url = new URL(link.getAttribute('href') ?? '', window.location.href);
    const leadsTo = url.origin === window.location.origin ? `${url.pathname}${url.hash}` : url.origin;
    sendAnalyticsEvent({
      name: 'navigation_click',
      path: window.location.pathname,
      properties: {
        menu: (menu.getAttribute('aria-label') ?? 'Navigation').slice(0, 64),
        label: (link.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 64),
        to: leadsTo.slice(0, 256),
      },
    });
  }
  // Capture: recorded before a link's own handler navigates or a menu closes and unmounts it.
  target.addEventListener('click', onClick, { capture: true });
  return () => target.removeEventListener('click', onClick, { capture: true });
}
