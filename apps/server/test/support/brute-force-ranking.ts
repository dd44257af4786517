import { coinTossKey, type SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, selectRows } from '../../src/db/database.ts';

/*
 * A brute-force ranking written from the rules text (DECISIONS.md, "Status and ranking"), not
 * with the domain code, to check the stored boards against:
 * - bust if the total is over 21 (checked first); going bust if any pick has 0 goals or there
 *   are no picks; safe otherwise; once the season is over, going bust becomes bust;
 * - safe, then going bust, then bust; more goals first, fewer among the bust;
 * - then the most recent goal date wins, then the next most recent, and so on;
 * - then the coin toss: the stable key of the season and user id (then the member number).
 * Country and club ranks are that order restricted to their members, 1, 2, 3, ...
 */

export type Status = 'safe' | 'going_bust' | 'bust';
export interface Expected {
  userId: string;
  memberNumber: number;
  country: string;
  club: string;
  status: Status;
  total: number;
  goalDates: number[];
}

export async function bruteForceRanking(db: DatabaseHandle['db'], season: SeasonConfig, now: Date) {
  const goalRows = await selectRows<{ player_id: string; kickoff_at: string | Date; goals: number }>(
    db,
    sql`select goals.player_id, goals.kickoff_at, goals.goals from goals join players on players.id = goals.player_id
      where players.season_id = ${season.id} and goals.kickoff_at <= ${now.toISOString()}`,
  );
  const datesOf = new Map<string, number[]>();
  for (const row of goalRows) {
    const dates = datesOf.get(row.player_id) ?? [];
    for (let goal = 0; goal < row.goals; goal += 1) dates.push(new Date(row.kickoff_at).getTime());
    datesOf.set(row.player_id, dates);
  }
  const squadRows = await selectRows<{ user_id: string; player_id: string }>(
    db,
    sql`select user_id, player_id from picks where season_id = ${season.id}`,
  );
  const squads = new Map<string, string[]>();
  for (const row of squadRows) squads.set(row.user_id, [...(squads.get(row.user_id) ?? []), row.player_id]);
  const people = await selectRows<{
    id: string;
    member_number: number;
    country: string;
    favourite_club: string;
  }>(db, sql`select id, member_number, country, favourite_club from profiles where onboarding_complete`);
  const lastDay = season.gameweeks.at(-1)?.date ?? '';
  const isOver = now.getTime() >= Date.parse(`${lastDay}T00:00:00Z`) + 24 * 60 * 60 * 1000;

  const entries: Expected[] = people.map((person) => {
    const squad = squads.get(person.id) ?? [];
    const perPick = squad.map((playerId) => datesOf.get(playerId) ?? []);
    const total = perPick.reduce((sum, dates) => sum + dates.length, 0);
    let status: Status = 'safe';
    if (total > 21) status = 'bust';
    else if (squad.length === 0 || perPick.some((dates) => dates.length === 0))
      status = isOver ? 'bust' : 'going_bust';
    return {
      userId: person.id,
      memberNumber: person.member_number,
      country: person.country,
      club: person.favourite_club,
      status,
      total,
      goalDates: perPick.flat().sort((a, b) => b - a),
    };
  });
  const groupOf = { safe: 1, going_bust: 2, bust: 3 };
  entries.sort((a, b) => {
    if (a.status !== b.status) return groupOf[a.status] - groupOf[b.status];
    if (a.total !== b.total) return a.status === 'bust' ? a.total - b.total : b.total - a.total;
    for (let index = 0; index < Math.max(a.goalDates.length, b.goalDates.length); index += 1) {
      const dateA = a.goalDates[index];
      const dateB = b.goalDates[index];
      if (dateA === dateB) continue;
      if (dateA === undefined) return 1;
      if (dateB === undefined) return -1;
      return dateB - dateA;
    }
    const toss = coinTossKey(season.id, a.userId) - coinTossKey(season.id, b.userId);
    return toss !== 0 ? toss : a.memberNumber - b.memberNumber;
  });
  return entries;
}

/** Position (1-based) of each user in `ordered` restricted to the users sharing `key`. */
export function restrictedRanks(ordered: Expected[], key: (entry: Expected) => string): Map<string, number> {
  const counters = new Map<string, number>();
  const ranks = new Map<string, number>();
  for (const entry of ordered) {
    const rank = (counters.get(key(entry)) ?? 0) + 1;
    counters.set(key(entry), rank);
    ranks.set(entry.userId, rank);
  }
  return ranks;
}
