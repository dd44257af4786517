/** What the document hears once the app has drawn its page, or taken over one the server drew. */
export const APP_RUNNING_EVENT = 'hit21:app-running';

/**
 * Says the app runs: on the document's root (`data-app="running"`, which the browser tests
 * wait for) and as an event, for a drawn page's starter to do again the taps it held.
 */
export function announceAppRunning(): void {
  document.documentElement.dataset.app = 'running';
  document.dispatchEvent(new Event(APP_RUNNING_EVENT));
}
