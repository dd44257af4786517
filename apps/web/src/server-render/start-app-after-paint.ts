/**
 * The script of a page the server drew (the build writes it into drawn-page.html in place of
 * the app's tags, apps/web/vite.config.ts): the page is on screen before the app's scripts are
 * asked for, so on a slow network the stylesheet and fonts it paints with are not shared with
 * them; then the app loads and takes the page over (src/main.tsx).
 *
 * Until then the page's buttons have no app behind them. A tap on one is held and done again
 * once the app runs, and a form is never sent by the browser itself (a GET carrying what was
 * typed, the password included, in the address): its submit is held the same way. A form sent
 * before this script arrives (it runs as soon as it does, async) is a POST for the forms that
 * carry what a player types, which the server answers by sending the browser back to the page.
 */
import { APP_RUNNING_EVENT } from '../app/app-running.ts';

/** How long the app waits for the page's first paint before it starts anyway. */
const PAINT_WAIT_LIMIT_MS = 3000;

const held: HTMLElement[] = [];

// Held events stop here: React, taking the page over, must not act on them a first time.
function holdSubmit(event: SubmitEvent): void {
  event.preventDefault();
  event.stopPropagation();
  const submitter = event.submitter ?? event.target;
  if (submitter instanceof HTMLElement && !held.includes(submitter)) held.push(submitter);
}

/** What a tap is made of: menus open as the pointer goes down, most buttons on the click. */
const TAP_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'] as const;

function holdButtonTap(event: Event): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  // A submit button's tap comes back as the form's submit, held above.
  if (!button || button.type === 'submit') return;
  event.stopPropagation();
  if (event.type === 'click' && !held.includes(button)) held.push(button);
}

/** The tap again, whole, for whichever of its events the button's component listens to. */
function tap(element: HTMLElement): void {
  if (element instanceof HTMLButtonElement && element.type === 'submit') {
    element.click();
    return;
  }
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
  for (const type of TAP_EVENTS.slice(0, -1)) {
    const pointer = type.startsWith('pointer');
    element.dispatchEvent(
      pointer
        ? new PointerEvent(type, { ...init, pointerType: 'mouse', isPrimary: true })
        : new MouseEvent(type, init),
    );
  }
  element.click();
}

document.addEventListener('submit', holdSubmit, true);
for (const type of TAP_EVENTS) document.addEventListener(type, holdButtonTap, true);
document.addEventListener(
  APP_RUNNING_EVENT,
  () => {
    document.removeEventListener('submit', holdSubmit, true);
    for (const type of TAP_EVENTS) document.removeEventListener(type, holdButtonTap, true);
    // After the app's first updates (a form's button enabled by what was typed before).
    setTimeout(() => {
      for (const element of held) if (element.isConnected) tap(element);
    });
  },
  { once: true },
);

const tag = document.querySelector<HTMLScriptElement>('script[data-app]');
const app = tag?.dataset.app;
if (app) {
  const preloads = (tag.dataset.appPreloads ?? '').split(' ').filter(Boolean);
  afterFirstPaint(() => {
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    void import(/* @vite-ignore */ app);
  });
}

/**
 * Runs `start` once the drawn page is on screen. A frame's main-thread work ends before the
 * frame is shown, so a timer after it could still ask for the scripts first: the browser's
 * first-contentful-paint entry comes once the paint is shown. Where the browser has no such
 * entry, or the page paints nothing (a tab opened in the background), after a frame or a
 * moment.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(startOnce));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    startOnce();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(() => {
    observer.disconnect();
    startOnce();
  }, PAINT_WAIT_LIMIT_MS);
}
