import { type RankingEntry, rankingSortKey, type SquadStatus, squadStatus } from '@hit21/core';

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

/** A member scored with the domain's rules: the status, the goals and the place in the ranking order. */
export interface ScoredMember {
  member: StandingsMember;
  status: SquadStatus;
  totalGoals: number;
  /** `rankingSortKey`: the database sorts the board by it (bytea order is the ranking order). */
  sortKey: Uint8Array;
}

/**
 * Scores one member with the domain's rules (status, total, goal dates) and gives their key in
 * the domain's one ranking order, so the board can be sorted and numbered (global, country,
 * club) by the database, a page of members at a time, without holding everyone.
 */
export function scoreMember(
  member: StandingsMember,
  options: { seasonId: string; goalTimesByPlayer: GoalTimesByPlayer; isSeasonOver: boolean },
): ScoredMember {
  const pickGoalTimes = member.picks.map((key) => options.goalTimesByPlayer.get(key) ?? NO_GOALS);
  const status = squadStatus(
    pickGoalTimes.map((times) => times.length),
    { isSeasonOver: options.isSeasonOver },
  );
  const scoring = pickGoalTimes.filter((times) => times.length > 0);
  // Most users have one scorer or none: share his list rather than copy it.
  const goalTimesDescending = scoring.length <= 1 ? (scoring[0] ?? NO_GOALS) : mergeDescending(scoring);
  const entry: RankingEntry = {
    userId: member.userId,
    status,
    totalGoals: goalTimesDescending.length,
    goalTimesDescending,
  };
  return { member, status, totalGoals: entry.totalGoals, sortKey: rankingSortKey(entry, options.seasonId) };
}

const NO_GOALS: readonly number[] = [];

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
