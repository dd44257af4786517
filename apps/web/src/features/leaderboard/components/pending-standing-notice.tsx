import { Clock } from 'lucide-react';
import { pendingStandingMessage } from '../leaderboard-view.ts';

/**
 * For a viewer the stored board does not hold yet (a squad or profile just saved): when they
 * will appear. The board is read again every few seconds meanwhile, so the notice goes when
 * they are ranked.
 */
export function PendingStandingNotice({ withinSeconds }: { withinSeconds: number }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2.5 rounded-xl bg-pitch-50 px-4 py-3 text-ink text-sm ring-1 ring-pitch-300 ring-inset"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pitch-700" />
      <p>
        <span className="font-semibold">You're not ranked yet.</span> {pendingStandingMessage(withinSeconds)}
      </p>
    </div>
  );
}
