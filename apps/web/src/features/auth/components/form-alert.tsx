import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** A form-level error (the server's answer), announced as soon as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-lg bg-bust-100 px-3.5 py-3 text-bust-700 text-sm ring-1 ring-bust-500/30 ring-inset"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-1">{children}</div>
    </div>
  );
}
