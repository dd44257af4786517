/**
 * The only script of the prerendered landing page (landing-page.tsx), which visitors get
 * without React: it gives the static markup the behaviour the app's components have (the
 * mobile menu, the FAQ, the section links, the pick deadline and the analytics) with the
 * app's own modules for everything that is not markup. Links to other pages load the app.
 */

import { MOBILE_MENU_LABELS } from '../components/layouts/mobile-menu-labels.ts';
import { replaceWithJerseyFallback } from '../components/ui/jersey-fallback.ts';
import { env } from '../config/env.ts';
import { formatDateTime } from '../features/marketing-content/lib/format-date-time.ts';
import { type LandingSection, scrollToSection } from '../features/marketing-content/lib/landing-sections.ts';
import { sendAnalyticsEvent } from '../lib/analytics.ts';
import { trackNavigationClicks } from '../lib/navigation-clicks.ts';
import { trackPages } from '../lib/page-tracking.ts';

/** The header's menu on small screens: it closes on a tap outside, on Escape and on a link. */
function enhanceMobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('header button[aria-controls]');
  const nav = toggle?.closest('nav');
  if (!toggle || !nav) return;

  function setOpen(isOpen: boolean) {
    toggle?.setAttribute('aria-expanded', String(isOpen));
    toggle?.setAttribute('aria-label', isOpen ? MOBILE_MENU_LABELS.close : MOBILE_MENU_LABELS.open);
  }
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';

  toggle.addEventListener('click', () => setOpen(!isOpen()));
  nav.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
  });
  document.addEventListener('pointerdown', (event) => {
    if (isOpen() && event.target instanceof Node && !nav.contains(event.target)) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    toggle.focus();
  });
}

/**
 * The FAQ, drawn as Radix draws a closed accordion: a button opens and closes its answer
 * (Enter and Space come with the button), the arrow keys, Home and End move between the
 * questions, and each open and close is recorded as `faq_toggle`, as in the app.
 */
function enhanceFaq(): void {
  const triggers = [...document.querySelectorAll<HTMLButtonElement>('[data-item-id] button[aria-controls]')];
  for (const trigger of triggers) {
    trigger.addEventListener('click', () => {
      const item = trigger.closest<HTMLElement>('[data-item-id]');
      const answer = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
      if (!item || !answer) return;
      const isOpen = trigger.getAttribute('aria-expanded') !== 'true';
      const state = isOpen ? 'open' : 'closed';
      trigger.setAttribute('aria-expanded', String(isOpen));
      for (const part of [item, trigger, answer, ...item.querySelectorAll('h2, h3')]) {
        part.setAttribute('data-state', state);
      }
      answer.hidden = !isOpen;
      sendAnalyticsEvent({
        name: 'faq_toggle',
        path: window.location.pathname,
        properties: { question: item.dataset.itemId ?? '', action: isOpen ? 'open' : 'close' },
      });
    });
    trigger.addEventListener('keydown', (event) => {
      const index = triggers.indexOf(trigger);
      const last = triggers.length - 1;
      const next = {
        ArrowDown: index === last ? 0 : index + 1,
        ArrowUp: index === 0 ? last : index - 1,
        Home: 0,
        End: last,
      }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      triggers[next]?.focus();
    });
  }
}

/** The sentence on when picks lock names the deadline, in the reader's own time zone. */
async function fillPickDeadline(): Promise<void> {
  const slot = document.querySelector<HTMLElement>('[data-pick-deadline]');
  if (!slot) return;
  try {
    const response = await fetch(`${env.API_URL}/api/season`, { credentials: 'include' });
    if (!response.ok) return;
    const { pickDeadline } = (await response.json()) as { pickDeadline?: unknown };
    if (typeof pickDeadline !== 'string' || Number.isNaN(Date.parse(pickDeadline))) return;
    const deadline = document.createElement('strong');
    deadline.textContent = formatDateTime(pickDeadline);
    slot.replaceChildren(': ', deadline);
  } catch {
    // The sentence reads whole without the date.
  }
}

/**
 * Links to a section of this page scroll there (80 px under the bar, focus moved to it) and
 * record `scroll_to_section`; opening the page at a section's address and Back do the same.
 */
function enhanceSectionLinks(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link =
      event.target instanceof Element
        ? event.target.closest<HTMLAnchorElement>('a[data-section-source]')
        : null;
    if (!link) return;
    const url = new URL(link.href);
    const section = url.hash.slice(1) as LandingSection;
    sendAnalyticsEvent({
      name: 'scroll_to_section',
      path: window.location.pathname,
      properties: { section, source: link.dataset.sectionSource ?? '' },
    });
    if (url.pathname !== window.location.pathname) return;
    event.preventDefault();
    window.history.pushState(null, '', url.hash);
    scrollToSection(section);
  });
  window.addEventListener('popstate', () => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id || !scrollToSection(id)) window.scrollTo({ top: 0 });
  });
  if (window.location.hash.length > 1) scrollToSection(decodeURIComponent(window.location.hash.slice(1)));
}

/** A shirt whose image fails shows the club's coloured box, as <Jersey> does in the app. */
function enhanceJerseys(): void {
  for (const image of document.querySelectorAll<HTMLImageElement>('img[data-fallback-colour]')) {
    // A broken image may have failed before this script ran: it is complete with no width.
    if (image.complete && image.naturalWidth === 0) replaceWithJerseyFallback(image);
    else image.addEventListener('error', () => replaceWithJerseyFallback(image), { once: true });
  }
}

/** `page_view` once, `time_on_page` on leaving, and every click in a navigation landmark. */
function trackThisPage(): void {
  const page = {
    initialized: true,
    navigation: { state: 'idle' as const },
    location: { pathname: window.location.pathname },
  };
  trackPages({ state: page, subscribe: () => () => undefined });
  trackNavigationClicks();
}

enhanceMobileMenu();
enhanceFaq();
enhanceJerseys();
enhanceSectionLinks();
trackThisPage();
void fillPickDeadline();
// What the app says once it runs a page (src/app/app-running.ts): this script runs this one.
document.documentElement.dataset.app = 'running';
