import { useSyncExternalStore } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export const TOAST_DURATION_MS = 5000;

export interface ToastInput {
  title: string;
  message?: string;
  /** Milliseconds; 5000 by default. */
  duration?: number;
}

type ToastId = string;
type Sonner = typeof import('sonner')['toast'];
type PendingCall = (sonner: Sonner) => void;

/**
 * Sonner (its code and its outlet) loads with the first toast rather than with every page:
 * most visits never see one. Until the outlet has mounted, toasts wait here in order; the
 * outlet (components/ui/toast-outlet.tsx) mounts once `hasToasts` turns true and then calls
 * `attachSonner`.
 */
let sonner: Sonner | null = null;
let pending: PendingCall[] = [];
let hasToasts = false;
const outletListeners = new Set<() => void>();
let nextId = 0;

function run(call: PendingCall): void {
  if (sonner) {
    call(sonner);
    return;
  }
  pending.push(call);
  if (!hasToasts) {
    hasToasts = true;
    for (const listener of outletListeners) listener();
  }
}

/** Called by the mounted outlet: sends the toasts that were waiting for it. */
export function attachSonner(loaded: Sonner): void {
  sonner = loaded;
  const waiting = pending;
  pending = [];
  for (const call of waiting) call(loaded);
}

/** Whether a toast has been asked for, so the outlet should load and mount. */
export function useHasToasts(): boolean {
  return useSyncExternalStore(
    (listener) => {
      outletListeners.add(listener);
      return () => outletListeners.delete(listener);
    },
    () => hasToasts,
    // A page drawn on the server has no toast.
    () => false,
  );
}

/** Shows a toast (at the top, where components/ui/toaster.tsx places it) and returns its id. */
function show(type: ToastType, { title, message, duration = TOAST_DURATION_MS }: ToastInput): ToastId {
  nextId += 1;
  const id = `toast-${nextId}`;
  run((loaded) => loaded[type](title, { id, description: message, duration }));
  return id;
}

export const toast = {
  show,
  success: (input: ToastInput) => show('success', input),
  error: (input: ToastInput) => show('error', input),
  warning: (input: ToastInput) => show('warning', input),
  info: (input: ToastInput) => show('info', input),
  dismiss: (id?: ToastId) => run((loaded) => loaded.dismiss(id)),
};
