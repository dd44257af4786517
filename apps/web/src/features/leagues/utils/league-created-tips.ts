import { formatLeagueDateTime, type LeagueSummary } from '@hit21/core';

/** The created page's tips, fitted to how the new league lets people in. */
export function leagueCreatedTips(
  league: Pick<LeagueSummary, 'joinMode' | 'joinDeadline'>,
  timeZone?: string,
): string[] {
  const tips = [
    'Send the invite link to your friends: it opens the league for them, even before they sign up.',
  ];
  if (league.joinMode === 'open') tips.push('Your league is open: anyone with the code joins straight away.');
  if (league.joinMode === 'invite_only')
    tips.push('Your league is invite only: approve each request from Manage League.');
  if (league.joinMode === 'locked')
    tips.push('Your league is locked: nobody can join until you change its join mode in Manage League.');
  if (league.joinDeadline) {
    const { date, time } = formatLeagueDateTime(new Date(league.joinDeadline), timeZone);
    tips.push(
      `New members can join until ${date} at ${time}. You can change or clear the deadline in Manage League.`,
    );
  } else {
    tips.push('You can set a join deadline at any time in Manage League.');
  }
  tips.push(
    'You can regenerate the code in Manage League if it gets into the wrong hands: the old one stops working.',
  );
  return tips;
}
