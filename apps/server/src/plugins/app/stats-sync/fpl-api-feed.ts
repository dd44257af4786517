import { positionFromFplElementType } from '@hit21/core';
import { z } from 'zod';
import { clubFromFplTeam, playerFromFplElement } from '../season/read-fpl-season.ts';
import { describeIssues, FeedError, type FeedGoal, type FeedPlayer, type GoalFeed } from './goal-feed.ts';

/*
 * Reads goals from the official Fantasy Premier League API: bootstrap-static/ (players and
 * teams), fixtures/ (kick-off times, sides and per-match stats) and event/{n}/live/ for every
 * gameweek that has started (each player's goals per fixture). Every answer is validated
 * before anything is used; only the fields read here are checked, the rest may change freely.
 */

const DEFAULT_TIMEOUT_MS = 20_000;
const USER_AGENT = 'Hit21 goals sync';

const statEntriesSchema = z.array(z.object({ element: z.int(), value: z.number() }));

const bootstrapSchema = z.object({
  teams: z
    .array(z.object({ id: z.int(), code: z.int(), name: z.string().min(1), short_name: z.string().min(1) }))
    .min(1),
  elements: z.array(
    z.object({
      id: z.int(),
      code: z.int(),
      first_name: z.string(),
      second_name: z.string(),
      web_name: z.string().min(1),
      element_type: z.int(),
      team: z.int(),
    }),
  ),
});

const fixturesSchema = z.array(
  z.object({
    id: z.int(),
    /** null while a postponed match has no gameweek. */
    event: z.int().min(1).nullable(),
    kickoff_time: z.iso.datetime({ offset: true }).nullable(),
    team_h: z.int(),
    team_a: z.int(),
    started: z.boolean().nullable(),
    finished: z.boolean(),
    stats: z.array(z.object({ identifier: z.string(), h: statEntriesSchema, a: statEntriesSchema })),
  }),
);

const liveSchema = z.object({
  elements: z.array(
    z.object({
      id: z.int(),
      stats: z.object({ goals_scored: z.int().min(0) }),
      explain: z.array(
        z.object({
          fixture: z.int(),
          stats: z.array(z.object({ identifier: z.string(), value: z.number() })),
        }),
      ),
    }),
  ),
});

type Bootstrap = z.infer<typeof bootstrapSchema>;
type Fixture = z.infer<typeof fixturesSchema>[number];
type Live = z.infer<typeof liveSchema>;

export interface FplApiFeedOptions {
  /** Per request; a request that takes longer fails the whole read. */
  timeoutMs?: number;
  /** Stops the read (the server is closing). */
  signal?: AbortSignal;
}

/** The recorded answers of one read, as fetched; exported for the reader's pure half. */
export interface FplApiAnswers {
  bootstrap: { url: string; answer: Bootstrap };
  fixtures: { url: string; answer: Fixture[] };
  lives: { gameweek: number; url: string; answer: Live }[];
}

/**
 * Fetches and checks every answer the sync needs, then turns them into a goal feed. Any
 * failure (unreachable, time-out, HTTP error, not JSON, wrong shape, inconsistent answers)
 * throws a FeedError naming the URL, before anything has been written.
 */
export async function readFplApiFeed(baseUrl: string, options: FplApiFeedOptions = {}): Promise<GoalFeed> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const get = <Schema extends z.ZodType>(path: string, schema: Schema) => {
    const url = new URL(path, base).href;
    return fetchJson(url, schema, options).then((answer) => ({ url, answer }));
  };

  const bootstrap = await get('bootstrap-static/', bootstrapSchema);
  const fixtures = await get('fixtures/', fixturesSchema);
  const lives: FplApiAnswers['lives'] = [];
  // One gameweek after another: gentle on the API, and the first failure stops the read.
  for (const gameweek of startedGameweeks(fixtures.answer)) {
    lives.push({ gameweek, ...(await get(`event/${gameweek}/live/`, liveSchema)) });
  }
  return goalFeedFromFplAnswers({ bootstrap, fixtures, lives });
}

function startedGameweeks(fixtures: Fixture[]): number[] {
  const weeks = new Set<number>();
  for (const fixture of fixtures) if (fixture.started && fixture.event !== null) weeks.add(fixture.event);
  return [...weeks].sort((a, b) => a - b);
}

async function fetchJson<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  { timeoutMs = DEFAULT_TIMEOUT_MS, signal }: FplApiFeedOptions,
): Promise<z.output<Schema>> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const whyAborted = () =>
    timeout.aborted
      ? `did not answer within ${timeoutMs / 1000} s`
      : signal?.aborted
        ? `the sync was stopped (${signal.reason instanceof Error ? signal.reason.message : 'aborted'})`
        : undefined;

  let text: string;
  try {
    const response = await fetch(url, {
      signal: combined,
      headers: { accept: 'application/json', 'user-agent': USER_AGENT },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new FeedError(url, `answered HTTP ${response.status} ${response.statusText}`.trimEnd());
    }
    text = await response.text();
  } catch (error) {
    if (error instanceof FeedError) throw error;
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new FeedError(
      url,
      whyAborted() ?? `could not be reached (${cause ?? (error as Error).message ?? error})`,
    );
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new FeedError(url, `answered with something that is not JSON (${(error as Error).message})`);
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new FeedError(url, `answered in an unexpected shape (${describeIssues(result.error)})`);
  }
  return result.data;
}

interface Appearance {
  gameweek: number;
  fixture: Fixture;
  /** The club he played for, when a stats list of the fixture names him. */
  clubCode: string | undefined;
}

/**
 * The pure half of the reader: checks the answers against each other and builds the feed.
 * Goals per (player, fixture) come from the live explain entries; kick-off and side (so the
 * club he scored for) from the fixtures. For every finished fixture the live goals must equal
 * the fixture's own goals_scored list, else the feed is refused (a fixture still in play is
 * checked once it has finished: the two answers are fetched moments apart).
 */
export function goalFeedFromFplAnswers({ bootstrap, fixtures, lives }: FplApiAnswers): GoalFeed {
  const clubByFplTeamId = new Map(
    bootstrap.answer.teams.map((team) => [team.id, clubFromFplTeam(team).code]),
  );
  const { players: playerElements, currentClubs, skippedIds } = readElements(bootstrap, clubByFplTeamId);
  const fixturesById = new Map(fixtures.answer.map((fixture) => [fixture.id, fixture]));
  const sideClubs = readSideClubs(fixtures, clubByFplTeamId);

  const appearancesByElement = new Map<number, Appearance[]>();
  const goals: FeedGoal[] = [];
  for (const live of lives) {
    const liveGoalsByFixture = new Map<number, Map<number, number>>();
    for (const element of live.answer.elements) {
      if (skippedIds.has(element.id)) continue;
      const player = playerElements.get(element.id);
      if (!player) throw new FeedError(live.url, `element ${element.id} is not in ${bootstrap.url}`);
      let explainedGoals = 0;
      const explainedFixtures = new Set<number>();
      for (const entry of element.explain) {
        const fixture = fixturesById.get(entry.fixture);
        if (!fixture) throw new FeedError(live.url, `fixture ${entry.fixture} is not in ${fixtures.url}`);
        if (explainedFixtures.has(fixture.id)) {
          throw new FeedError(
            live.url,
            `element ${element.id} has two explain entries for fixture ${fixture.id}`,
          );
        }
        explainedFixtures.add(fixture.id);
        if (fixture.event !== live.gameweek) {
          throw new FeedError(
            live.url,
            `fixture ${fixture.id} belongs to gameweek ${fixture.event} by ${fixtures.url}, not ${live.gameweek}`,
          );
        }
        const scored = entry.stats
          .filter((stat) => stat.identifier === 'goals_scored')
          .reduce((sum, stat) => sum + stat.value, 0);
        if (!Number.isInteger(scored) || scored < 0) {
          throw new FeedError(live.url, `element ${element.id} has ${scored} goals in fixture ${fixture.id}`);
        }
        const sideClub = sideClubs.get(fixture.id)?.get(element.id);
        pushTo(appearancesByElement, element.id, { gameweek: live.gameweek, fixture, clubCode: sideClub });
        if (scored === 0) continue;

        explainedGoals += scored;
        const kickoffTime = fixture.kickoff_time;
        if (!fixture.started || !kickoffTime) {
          throw new FeedError(
            live.url,
            `element ${element.id} scored in fixture ${fixture.id}, which has not started`,
          );
        }
        // A match in play may not list its latest scorer yet: then his current club, if it is playing.
        const currentClub = currentClubs.get(element.id);
        const playing = [clubByFplTeamId.get(fixture.team_h), clubByFplTeamId.get(fixture.team_a)];
        const clubCode = sideClub ?? (currentClub && playing.includes(currentClub) ? currentClub : undefined);
        if (!clubCode) {
          throw new FeedError(
            live.url,
            `cannot tell which club element ${element.id} scored for in fixture ${fixture.id}`,
          );
        }
        const byElement = liveGoalsByFixture.get(fixture.id) ?? new Map<number, number>();
        byElement.set(element.id, scored);
        liveGoalsByFixture.set(fixture.id, byElement);
        goals.push({
          fplCode: player.code,
          fixtureId: fixture.id,
          gameweek: live.gameweek,
          kickoffAt: new Date(kickoffTime).toISOString(),
          goals: scored,
          clubCode,
        });
      }
      if (explainedGoals !== element.stats.goals_scored) {
        throw new FeedError(
          live.url,
          `element ${element.id} has ${element.stats.goals_scored} goals in its stats but ${explainedGoals} in its explain entries`,
        );
      }
    }
    crossCheckFinishedFixtures(live, fixtures, liveGoalsByFixture);
  }

  const startedWeeks = lives.map((live) => live.gameweek);
  const lastGameweek = Math.max(1, ...fixtures.answer.map((fixture) => fixture.event ?? 1));
  // Where a player seen for the first time now starts, and where a club change not yet played takes effect.
  const nextGameweek = Math.min(Math.max(0, ...startedWeeks) + 1, lastGameweek);

  const players = [...playerElements.values()].map((element): FeedPlayer => {
    const appearances = (appearancesByElement.get(element.id) ?? []).sort(
      (a, b) => a.gameweek - b.gameweek || kickoffMs(a.fixture) - kickoffMs(b.fixture),
    );
    const firstGameweek = appearances[0]?.gameweek ?? nextGameweek;
    return {
      ...playerFromFplElement(element),
      // The API does not say; the sync keeps the stored value of a player it already knows.
      lastSeasonGoals: 0,
      firstGameweek,
      clubSpells: clubSpellsOf(appearances, currentClubs.get(element.id) ?? '', nextGameweek),
    };
  });

  goals.sort(
    (a, b) => a.gameweek - b.gameweek || a.kickoffAt.localeCompare(b.kickoffAt) || a.fixtureId - b.fixtureId,
  );
  return {
    players,
    goals,
    gameweeks: startedWeeks,
    coveredFixtureIds: fixtures.answer
      .filter((fixture) => fixture.started && fixture.event !== null)
      .map((fixture) => fixture.id),
  };
}

/** The players among the elements, with their current clubs; other types (FPL listed managers as type 5 in 2024/25) are skipped. */
function readElements(bootstrap: FplApiAnswers['bootstrap'], clubByFplTeamId: Map<number, string>) {
  const players = new Map<number, Bootstrap['elements'][number]>();
  const currentClubs = new Map<number, string>();
  const skippedIds = new Set<number>();
  for (const element of bootstrap.answer.elements) {
    if (positionFromFplElementType(element.element_type) === undefined) {
      skippedIds.add(element.id);
      continue;
    }
    const clubCode = clubByFplTeamId.get(element.team);
    if (!clubCode) {
      throw new FeedError(bootstrap.url, `element ${element.id} plays for unknown team ${element.team}`);
    }
    players.set(element.id, element);
    currentClubs.set(element.id, clubCode);
  }
  return { players, currentClubs, skippedIds };
}

/** Fixture → element → the club he played for, from the side of any stats list that names him. */
function readSideClubs(fixtures: FplApiAnswers['fixtures'], clubByFplTeamId: Map<number, string>) {
  const sideClubs = new Map<number, Map<number, string>>();
  for (const fixture of fixtures.answer) {
    const home = clubByFplTeamId.get(fixture.team_h);
    const away = clubByFplTeamId.get(fixture.team_a);
    if (!home || !away) {
      throw new FeedError(
        fixtures.url,
        `fixture ${fixture.id} names unknown team ${home ? fixture.team_a : fixture.team_h}`,
      );
    }
    if (fixture.started && !fixture.kickoff_time) {
      throw new FeedError(fixtures.url, `fixture ${fixture.id} has started but has no kick-off time`);
    }
    const byElement = new Map<number, string>();
    for (const stat of fixture.stats) {
      for (const entry of stat.h) byElement.set(entry.element, home);
      for (const entry of stat.a) byElement.set(entry.element, away);
    }
    sideClubs.set(fixture.id, byElement);
  }
  return sideClubs;
}

/**
 * His clubs as the matches he played show them, then his current club from the next gameweek
 * if he has not played for it yet. A club he only sat on the bench for is not in any stats
 * list, so a spell may start later than it really did: the sync never moves a stored spell
 * earlier, and a new player's first spell starts at his first gameweek.
 */
function clubSpellsOf(
  appearances: Appearance[],
  currentClub: string,
  nextGameweek: number,
): FeedPlayer['clubSpells'] {
  const spells: FeedPlayer['clubSpells'] = [];
  for (const { gameweek, clubCode } of appearances) {
    if (!clubCode || spells.at(-1)?.clubCode === clubCode) continue;
    const last = spells.at(-1);
    if (last?.fromGameweek === gameweek) last.clubCode = clubCode;
    else spells.push({ fromGameweek: gameweek, clubCode });
  }
  const last = spells.at(-1);
  if (!last || (last.clubCode !== currentClub && nextGameweek > last.fromGameweek)) {
    spells.push({ fromGameweek: nextGameweek, clubCode: currentClub });
  }
  return spells;
}

function crossCheckFinishedFixtures(
  live: FplApiAnswers['lives'][number],
  fixtures: FplApiAnswers['fixtures'],
  liveGoalsByFixture: Map<number, Map<number, number>>,
) {
  for (const fixture of fixtures.answer) {
    if (fixture.event !== live.gameweek || !fixture.finished) continue;
    const fromFixture = new Map<number, number>();
    for (const stat of fixture.stats) {
      if (stat.identifier !== 'goals_scored') continue;
      for (const entry of [...stat.h, ...stat.a]) {
        fromFixture.set(entry.element, (fromFixture.get(entry.element) ?? 0) + entry.value);
      }
    }
    const fromLive = liveGoalsByFixture.get(fixture.id) ?? new Map<number, number>();
    for (const element of new Set([...fromFixture.keys(), ...fromLive.keys()])) {
      const byFixture = fromFixture.get(element) ?? 0;
      const byLive = fromLive.get(element) ?? 0;
      if (byFixture !== byLive) {
        throw new FeedError(
          `${fixtures.url} and ${live.url}`,
          `disagree on fixture ${fixture.id}: element ${element} scored ${byFixture} by the fixture stats and ${byLive} by the live stats`,
        );
      }
    }
  }
}

function kickoffMs(fixture: Fixture): number {
  return fixture.kickoff_time ? Date.parse(fixture.kickoff_time) : Number.MAX_SAFE_INTEGER;
}

function pushTo<Key, Value>(map: Map<Key, Value[]>, key: Key, value: Value) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
