import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '../../lib/toast.ts';

/**
 * Toasts sit at the top, just under the sticky header (4rem): primary actions live at the
 * bottom of dialogs and forms (Confirm and Cancel, onboarding's Next), where a toast would
 * cover them.
 */
const TOAST_OFFSET = { top: 76 } as const;
const TOAST_MOBILE_OFFSET = { top: 72, left: 12, right: 12 } as const;

/** Where toasts appear. Mounted once by the app provider; show toasts with `toast` from lib/toast. */
export function Toaster() {
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
