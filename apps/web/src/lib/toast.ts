import { toast as sonner } from 'sonner';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export const TOAST_DURATION_MS = 5000;

export interface ToastInput {
  title: string;
  message?: string;
  /** Milliseconds; 5000 by default. */
  duration?: number;
}

/** Shows a toast (top, under the header; mounted once by the app provider) and returns its id. */
function show(
  type: ToastType,
  { title, message, duration = TOAST_DURATION_MS }: ToastInput,
): string | number {
  return sonner[type](title, { description: message, duration });
}

export const toast = {
  show,
  success: (input: ToastInput) => show('success', input),
  error: (input: ToastInput) => show('error', input),
  warning: (input: ToastInput) => show('warning', input),
  info: (input: ToastInput) => show('info', input),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
