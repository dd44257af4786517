import {
  formatLeagueDateTime,
  type InviteJoinBlock,
  joinDeadlinePassedMessage,
  LEAGUE_MESSAGES,
  leagueFullMessage,
  rejoinTooSoonMessage,
  SEASON_OVER_LEAGUE_MESSAGE,
  tooManyLeaguesMessage,
} from '@hit21/core';

export interface InviteBlockText {
  title: string;
  message: string;
}

/**
 * What the invite page says instead of offering Join League: the refusal the server would give
 * on the click, in the same words, with its moment (the deadline, the end of a kick's wait) in
 * the reader's time zone.
 */
export function inviteJoinBlockText(
  block: InviteJoinBlock,
  invite: { maxMembers: number; joinDeadline: string | null },
  timeZone?: string,
): InviteBlockText {
  switch (block.reason) {
    case 'SEASON_OVER':
      return { title: 'Season Over', message: SEASON_OVER_LEAGUE_MESSAGE };
    case 'LEAGUE_LOCKED':
      return { title: 'League is Locked', message: LEAGUE_MESSAGES.locked };
    case 'ALREADY_MEMBER':
      return { title: 'Already a Member', message: LEAGUE_MESSAGES.alreadyMember };
    case 'ALREADY_PENDING':
      return { title: 'Request Pending', message: LEAGUE_MESSAGES.alreadyPending };
    case 'JOIN_DEADLINE_PASSED': {
      const { date, time } = formatLeagueDateTime(new Date(invite.joinDeadline ?? 0), timeZone);
      return { title: 'Joining Has Closed', message: joinDeadlinePassedMessage(date, time) };
    }
    case 'REJOIN_TOO_SOON': {
      const { date, time } = formatLeagueDateTime(new Date(block.retryAt ?? 0), timeZone);
      return { title: 'Rejoining Opens Later', message: rejoinTooSoonMessage(date, time) };
    }
    case 'LEAGUE_FULL':
      return { title: 'League is Full', message: leagueFullMessage(invite.maxMembers) };
    case 'TOO_MANY_LEAGUES':
      return { title: 'League Limit Reached', message: tooManyLeaguesMessage() };
    case 'LEAGUE_NOT_FOUND':
      return { title: LEAGUE_MESSAGES.notFound, message: LEAGUE_MESSAGES.notFoundByCode };
  }
}
