import type { InviteJoinBlock, LeagueInvite } from '@hit21/core';
import { CircleCheck, Info, Lock } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useDisplayTimeZone } from '../../../lib/use-hydrated.ts';
import { inviteJoinBlockText } from '../utils/invite-join-block.ts';

/**
 * Why this reader cannot join the invite's league now (the invite page and the pending-invite
 * modal): the player's own states (in, waiting) in green, the league's and a kick's in red.
 */
export function JoinBlockNotice({ block, invite }: { block: InviteJoinBlock; invite: LeagueInvite }) {
  const text = inviteJoinBlockText(block, invite, useDisplayTimeZone());
  const isOwnState = block.reason === 'ALREADY_MEMBER' || block.reason === 'ALREADY_PENDING';
  const Icon =
    block.reason === 'LEAGUE_LOCKED' ? Lock : block.reason === 'ALREADY_MEMBER' ? CircleCheck : Info;
  return (
    <div
      role="status"
      data-testid="invite-join-block"
      className={cn(
        'flex items-start gap-3 rounded-xl border px-4 py-3',
        isOwnState
          ? 'border-pitch-700/40 bg-felt-50 text-felt-900'
          : 'border-bust-500/40 bg-bust-100 text-bust-700',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-display font-semibold uppercase tracking-wide">{text.title}</p>
        <p className="text-sm">{text.message}</p>
      </div>
    </div>
  );
}
