import { useEffect, useSyncExternalStore } from 'react';
import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
import { attachSonner, TOAST_DURATION_MS } from '../../lib/toast.ts';

/**
 * Where toasts sit, so they cover no heading and no control of the page or dialog under them:
 * - wide screens: top right, just under the sticky header (4rem), beside the left-aligned
 *   page titles and the centred dialogs, above the bottom's Confirm, Cancel and Next, and
 *   (compact: 12px padding rather than 16px) clear of a page band's buttons (Create League);
 * - phones and tablets: the top edge, over the header bar rather than the page title under
 *   it; dialogs there keep their top clear of it (components/ui/dialog.tsx).
 */
const WIDE_SCREEN = '(min-width: 1024px)';
const WIDE_OFFSET = { top: 68, right: 16 } as const;
const NARROW_OFFSET = { top: 8 } as const;
const PHONE_OFFSET = { top: 8, left: 8, right: 8 } as const;

function useIsWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE_SCREEN);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE_SCREEN).matches,
    () => false,
  );
}

/**
 * Sonner's outlet, loaded by ToastOutlet with the first toast. Sonner's own effect subscribes
 * before this one runs (children's effects first), so the waiting toasts are not lost.
 */
export default function Toaster() {
  useEffect(() => attachSonner(sonner), []);
  const isWide = useIsWideScreen();
  return (
    <SonnerToaster
      position={isWide ? 'top-right' : 'top-center'}
      offset={isWide ? WIDE_OFFSET : NARROW_OFFSET}
      mobileOffset={PHONE_OFFSET}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans py-3!', title: 'font-semibold' } }}
    />
  );
}
