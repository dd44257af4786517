import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '../../lib/toast.ts';

/** Where toasts appear. Mounted once by the app provider; show toasts with `toast` from lib/toast. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold' } }}
    />
  );
}
