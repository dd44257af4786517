/** How long a mouse rests on a link before it counts as an intent to follow it. */
export const HOVER_INTENT_MS = 80;

/**
 * Calls `prefetch` with a link's in-app address when the reader shows they may follow it: a
 * mouse resting on it, a finger touching it, the keyboard's focus reaching it. The click a
 * moment later then finds the page's code and data on their way, or already there. One
 * listener for the whole app. Returns the function that stops listening.
 */
export function prefetchOnIntent(prefetch: (path: string) => void, target: Document = document): () => void {
  let hoverTimer: number | undefined;

  function inAppPath(eventTarget: EventTarget | null): string | undefined {
    if (!(eventTarget instanceof Element)) return undefined;
    const link = eventTarget.closest('a[href]');
    if (!link || link.hasAttribute('download') || link.getAttribute('target') === '_blank') return undefined;
    const url = new URL(link.getAttribute('href') ?? '', window.location.href);
    if (url.origin !== window.location.origin) return undefined;
    const path = `${url.pathname}${url.search}`;
    // The page the reader is on needs nothing more.
    return path === `${window.location.pathname}${window.location.search}` ? undefined : path;
  }

  function onPointerOver(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(hoverTimer);
    const path = inAppPath(event.target);
    if (path) hoverTimer = window.setTimeout(() => prefetch(path), HOVER_INTENT_MS);
  }
  function onPointerOut() {
    window.clearTimeout(hoverTimer);
  }
  function onAtOnce(event: Event) {
    const path = inAppPath(event.target);
    if (path) prefetch(path);
  }

  target.addEventListener('pointerover', onPointerOver);
  target.addEventListener('pointerout', onPointerOut);
  target.addEventListener('touchstart', onAtOnce, { passive: true });
  target.addEventListener('focusin', onAtOnce);
  return () => {
    window.clearTimeout(hoverTimer);
    target.removeEventListener('pointerover', onPointerOver);
    target.removeEventListener('pointerout', onPointerOut);
    target.removeEventListener('touchstart', onAtOnce);
    target.removeEventListener('focusin', onAtOnce);
  };
}
