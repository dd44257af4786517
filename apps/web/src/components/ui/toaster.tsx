import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
import { attachSonner, TOAST_DURATION_MS } from '../../lib/toast.ts';

/**
 * Toasts sit at the top, just under the sticky header (4rem): primary actions live at the
 * bottom of dialogs and forms (Confirm and Cancel, onboarding's Next), where a toast would
 * cover them.
 */
const TOAST_OFFSET = { top: 76 } as const;
const TOAST_MOBILE_OFFSET = { top: 72, left: 12, right: 12 } as const;

/**
 * Sonner's outlet, loaded by ToastOutlet with the first toast. Sonner's own effect subscribes
 * before this one runs (children's effects first), so the waiting toasts are not lost.
 */
export default function Toaster() {
  useEffect(() => attachSonner(sonner), []);
  return (
    <SonnerToaster
      position="top-center"
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold' } }}
    />
  );
}
