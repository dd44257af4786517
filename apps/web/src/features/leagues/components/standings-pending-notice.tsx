import { Clock } from 'lucide-react';
import { pendingMembersMessage } from '../utils/standings-view.ts';

/**
 * Members approved since the standings were last worked out: when they will show. The
 * standings are read again every few seconds meanwhile, so the notice goes once they do.
 */
export function StandingsPendingNotice({ withinSeconds }: { withinSeconds: number }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2.5 rounded-xl bg-pitch-50 px-4 py-3 text-ink text-sm ring-1 ring-pitch-300 ring-inset"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pitch-700" />
      <p>{pendingMembersMessage(withinSeconds)}</p>
    </div>
  );
}
