import {
  coinTossKey,
  compareRankingEntries,
  type RankingEntry,
  type SquadStatus,
  squadStatus,
} from '@hit21/core';

/** One board member as the recompute reads them: who, where, and the players picked (by key). */
export interface StandingsMember {
  userId: string;
  fullName: string;
  country: string;
  club: string;
  /** Keys of the picked players (any stable player key); empty when the user has no team. */
  picks: readonly number[];
}

/** A player's goals that count: the kick-off time (epoch ms) of each goal, most recent first. */
export type GoalTimesByPlayer = ReadonlyMap<number, readonly number[]>;

export interface RankedStanding {
  member: StandingsMember;
  status: SquadStatus;
  totalGoals: number;
  globalRank: number;
  countryRank: number;
  clubRank: number;
}

/**
 * Scores every member with the domain's rules (status, total, goal dates), sorts them with
 * the domain's one ranking order and numbers them: the global rank, and the same order
 * restricted to each country and each club.
 */
export function computeStandings(options: {
  seasonId: string;
  members: readonly StandingsMember[];
  goalTimesByPlayer: GoalTimesByPlayer;
  isSeasonOver: boolean;
}): RankedStanding[] {
  const { seasonId, goalTimesByPlayer, isSeasonOver } = options;
  const noGoals: readonly number[] = [];

  const entries = options.members.map((member): RankingEntry & { member: StandingsMember } => {
    const pickGoalTimes = member.picks.map((key) => goalTimesByPlayer.get(key) ?? noGoals);
    const status = squadStatus(
      pickGoalTimes.map((times) => times.length),
      { isSeasonOver },
    );
    const scoring = pickGoalTimes.filter((times) => times.length > 0);
    // Most users have one scorer or none: share his list rather than copy it.
    const goalTimesDescending = scoring.length <= 1 ? (scoring[0] ?? noGoals) : mergeDescending(scoring);
    return {
      userId: member.userId,
      status,
      totalGoals: goalTimesDescending.length,
      goalTimesDescending,
      coinToss: coinTossKey(seasonId, member.userId),
      member,
    };
  });
  entries.sort((a, b) => compareRankingEntries(a, b, seasonId));

  const countryRanks = new Map<string, number>();
  const clubRanks = new Map<string, number>();
  return entries.map((entry, index) => {
    const countryRank = (countryRanks.get(entry.member.country) ?? 0) + 1;
    countryRanks.set(entry.member.country, countryRank);
    const clubRank = (clubRanks.get(entry.member.club) ?? 0) + 1;
    clubRanks.set(entry.member.club, clubRank);
    return {
      member: entry.member,
      status: entry.status,
      totalGoals: entry.totalGoals,
      globalRank: index + 1,
      countryRank,
      clubRank,
    };
  });
}

/**
 * Merges lists that are each sorted most recent first into one such list: a million teams
 * are scored in a fraction of the time a sort of each team's goals takes.
 */
export function mergeDescending(lists: readonly (readonly number[])[]): number[] {
  const merged: number[] = [];
  const positions = lists.map(() => 0);
  for (;;) {
    let best = -1;
    let bestTime = Number.NEGATIVE_INFINITY;
    for (let list = 0; list < lists.length; list += 1) {
      const time = lists[list]?.[positions[list] ?? 0];
      if (time !== undefined && (best === -1 || time > bestTime)) {
        best = list;
        bestTime = time;
      }
    }
    if (best === -1) return merged;
    merged.push(bestTime);
    positions[best] = (positions[best] ?? 0) + 1;
  }
}
