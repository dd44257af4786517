import type { LeagueSummary } from '@hit21/core';

/**
 * The dashboard's private leagues: "Created by you" (the ones the player runs) and "Joined"
 * (approved, plus requests still pending). Rejected and kicked memberships stay on /leagues.
 */
export function groupMyLeagues(leagues: readonly LeagueSummary[]): {
  created: LeagueSummary[];
  joined: LeagueSummary[];
} {
  const created = leagues.filter((league) => league.isAdmin);
  const joined = leagues.filter(
    (league) => !league.isAdmin && (league.myStatus === 'approved' || league.myStatus === 'pending'),
  );
  return { created, joined };
}
