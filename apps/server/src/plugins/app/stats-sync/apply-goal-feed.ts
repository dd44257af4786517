import type { Transaction } from '../../../db/database.ts';
import type { StatsSyncSummary } from '../../../db/schema/index.ts';
import { type FeedGoal, type GoalFeed, goalFeedSchema } from './goal-feed.ts';
import {
  deleteGoal,
  insertClubSpells,
  insertGoals,
  insertPlayers,
  listClubSpellsByPlayer,
  listPlayerIdsByCode,
  listSeasonGoals,
  readSeasonCalendar,
  setClubSpell,
  updateGoal,
} from './goal-sync-repository.ts';

const INSERT_CHUNK = 500;

/**
 * Brings the stored goals of a season up to the feed, inside the caller's transaction:
 * - players new to the game are added from their first gameweek (last-season goals as the feed
 *   says, 0 when it cannot tell); players we know keep their names, position and history;
 * - a club spell is added where the feed shows a player at another club than ours at the
 *   gameweek it says (a stored spell is never moved);
 * - each (player, fixture) gets exactly the feed's number of goals (set, never added, so a
 *   second run changes nothing), and a stored goal of a covered fixture that the feed no
 *   longer has is removed (a goal taken away).
 * Nothing else changes; in particular not the season's data version, so the start-up loader
 * does not reload the committed facts over the synced goals.
 */
export async function applyGoalFeed(
  tx: Transaction,
  { seasonId, feed: input }: { seasonId: string; feed: GoalFeed },
): Promise<StatsSyncSummary> {
  const feed = goalFeedSchema.parse(input);
  await checkFeedFitsSeason(tx, seasonId, feed);

  const idByCode = await listPlayerIdsByCode(tx, seasonId);
  const spellsByPlayer = await listClubSpellsByPlayer(tx, seasonId);

  // Players new to the game, with their spells.
  const newPlayers = feed.players.filter((player) => !idByCode.has(player.fplCode));
  for (let start = 0; start < newPlayers.length; start += INSERT_CHUNK) {
    const chunk = newPlayers.slice(start, start + INSERT_CHUNK);
    const inserted = await insertPlayers(
      tx,
      chunk.map(({ clubSpells: _clubSpells, ...player }) => ({ seasonId, ...player })),
    );
    for (const player of inserted) idByCode.set(player.fplCode, player.id);
    await insertClubSpells(
      tx,
      chunk.flatMap((player) =>
        player.clubSpells.map((spell, index) => ({
          playerId: idByCode.get(player.fplCode) ?? '',
          // A club must be known from his first gameweek on; a feed may first place him later.
          fromGameweek: index === 0 ? Math.min(spell.fromGameweek, player.firstGameweek) : spell.fromGameweek,
          clubCode: spell.clubCode,
        })),
      ),
    );
  }

  // Club changes of players we knew.
  let transfers = 0;
  const newCodes = new Set(newPlayers.map((player) => player.fplCode));
  for (const player of feed.players) {
    const playerId = idByCode.get(player.fplCode);
    if (!playerId || newCodes.has(player.fplCode)) continue;
    const spells = spellsByPlayer.get(playerId) ?? [];
    for (const spell of player.clubSpells) {
      if (clubAt(spells, spell.fromGameweek) === spell.clubCode) continue;
      await setClubSpell(tx, playerId, spell);
      spells.push(spell);
      transfers += 1;
    }
    spellsByPlayer.set(playerId, spells);
  }

  // Goals: set to the feed's values.
  const storedGoals = await listSeasonGoals(tx, seasonId);
  const storedByKey = new Map(storedGoals.map((goal) => [`${goal.player_id}:${goal.fixture_id}`, goal]));
  const feedKeys = new Set<string>();
  const toInsert: (Omit<FeedGoal, 'fplCode' | 'kickoffAt'> & { playerId: string; kickoffAt: Date })[] = [];
  let goalsChanged = 0;
  for (const { fplCode, kickoffAt, ...goal } of feed.goals) {
    const playerId = idByCode.get(fplCode);
    if (!playerId) throw new Error(`The feed has a goal of player code ${fplCode} but no such player`);
    const key = `${playerId}:${goal.fixtureId}`;
    if (feedKeys.has(key)) {
      throw new Error(`The feed has player code ${fplCode} twice in fixture ${goal.fixtureId}`);
    }
    feedKeys.add(key);
    const row = { ...goal, playerId, kickoffAt: new Date(kickoffAt) };
    const stored = storedByKey.get(key);
    if (!stored) {
      toInsert.push(row);
    } else if (
      stored.goals !== row.goals ||
      stored.gameweek !== row.gameweek ||
      stored.club_code !== row.clubCode ||
      new Date(stored.kickoff_at).getTime() !== row.kickoffAt.getTime()
    ) {
      await updateGoal(tx, row);
      goalsChanged += 1;
    }
  }
  for (let start = 0; start < toInsert.length; start += INSERT_CHUNK) {
    await insertGoals(tx, toInsert.slice(start, start + INSERT_CHUNK));
  }

  const covered = new Set(feed.coveredFixtureIds);
  const removed = storedGoals.filter(
    (goal) => covered.has(goal.fixture_id) && !feedKeys.has(`${goal.player_id}:${goal.fixture_id}`),
  );
  for (const goal of removed) {
    await deleteGoal(tx, goal.player_id, goal.fixture_id);
  }

  return {
    goalsAdded: toInsert.length,
    goalsChanged,
    goalsRemoved: removed.length,
    playersAdded: newPlayers.length,
    transfers,
    gameweeks: feed.gameweeks,
  };
}

/** A feed for another season (unknown clubs, gameweeks beyond the calendar) is refused whole. */
async function checkFeedFitsSeason(tx: Transaction, seasonId: string, feed: GoalFeed) {
  const { isStored, clubCodes, weeks } = await readSeasonCalendar(tx, seasonId);
  if (!isStored) throw new Error(`Season ${seasonId} is not loaded`);
  const usedClubs = [
    ...feed.players.flatMap((player) => player.clubSpells.map((spell) => spell.clubCode)),
    ...feed.goals.map((goal) => goal.clubCode),
  ];
  const unknownClub = usedClubs.find((code) => !clubCodes.has(code));
  if (unknownClub !== undefined) {
    throw new Error(`The feed names club "${unknownClub}", which does not play in season ${seasonId}`);
  }
  const usedWeeks = [
    ...feed.gameweeks,
    ...feed.goals.map((goal) => goal.gameweek),
    ...feed.players.flatMap((player) => [
      player.firstGameweek,
      ...player.clubSpells.map((spell) => spell.fromGameweek),
    ]),
  ];
  const unknownWeek = usedWeeks.find((week) => !weeks.has(week));
  if (unknownWeek !== undefined) {
    throw new Error(`The feed names gameweek ${unknownWeek}, which is not in season ${seasonId}`);
  }
}

/** The club of a player at a gameweek: his latest spell that has begun. */
function clubAt(spells: { fromGameweek: number; clubCode: string }[], gameweek: number): string | undefined {
  let club: { fromGameweek: number; clubCode: string } | undefined;
  for (const spell of spells) {
    if (spell.fromGameweek <= gameweek && (!club || spell.fromGameweek > club.fromGameweek)) club = spell;
  }
  return club?.clubCode;
}
