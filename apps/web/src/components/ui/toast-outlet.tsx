import { lazy, Suspense } from 'react';
import { useHasToasts } from '../../lib/toast.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

/** Where toasts appear, mounted by the app provider; its code loads with the first toast. */
export function ToastOutlet() {
  const hasToasts = useHasToasts();
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
