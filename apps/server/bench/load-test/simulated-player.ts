import {
  type AnalyticsEventInput,
  autoPick,
  autoPickGoalBounds,
  type CatalogPlayer,
  clubListSchema,
  HOW_DID_YOU_HEAR_OPTIONS,
  joinLeagueResultSchema,
  LEADERBOARD_TYPES,
  LEAGUE_LIMITS,
  type LeaderboardType,
  leaderboardPageSchema,
  leagueDetailSchema,
  leagueInviteSchema,
  leagueStandingsPageSchema,
  leagueSummarySchema,
  myLeaguesSchema,
  notificationSummarySchema,
  playerPageSchema,
  profileSchema,
  type RandomSource,
  SQUAD_SIZE,
  seasonStateSchema,
  seededRandom,
  squadGoalsSchema,
  squadSchema,
  squadSelectionProblem,
} from '@hit21/core';
import type { LatencyRecorder } from './latency-recorder.ts';
import type { LeagueRegistry } from './league-registry.ts';
import {
  type LiveStream,
  PlayerConnection,
  type ResponseSchema,
  UnexpectedAnswer,
} from './player-connection.ts';

/** The password every simulated player signs up with (it passes the core password policy). */
export const LOAD_TEST_PASSWORD = 'Kickoff#2025x';
/** Countries the players say they come from (checked against the server's list before the run). */
export const LOAD_TEST_COUNTRIES = [
  'United Kingdom',
  'Ireland',
  'Norway',
  'Nigeria',
  'India',
  'United States of America',
  'Australia',
  'Egypt',
] as const;
const FIRST_NAMES = ['Jordan', 'Sam', 'Alex', 'Priya', 'Kwame', 'Sofia', 'Liam', 'Aisha', 'Tom', 'Mei'];
const SURNAMES = ['Smith', 'Okafor', 'Patel', 'Murphy', 'Hansen', 'Jones', 'Walsh', 'Khan', 'Brown', 'Lee'];
/** What players type into the boards' search: surnames, clubs, countries. */
const BOARD_SEARCHES = ['smith', 'patel', 'arsenal', 'united', 'liverpool', 'ireland', 'okafor', 'chelsea'];

/** Every kind of request a player sends: a run that misses one has not tested that path. */
export const REQUEST_KINDS = {
  signUpPage: 'GET /signup (drawn page)',
  asset: 'GET /assets/* (first visit)',
  signUp: 'POST /api/auth/sign-up/email',
  profile: 'GET /api/profile',
  onboarding: 'PUT /api/profile/onboarding',
  season: 'GET /api/season',
  clubs: 'GET /api/clubs',
  squad: 'GET /api/squad',
  players: 'GET /api/players',
  saveSquad: 'PUT /api/squad',
  squadGoals: 'GET /api/squad/goals',
  analytics: 'POST /api/analytics/events',
  stream: 'GET /api/notifications/stream',
  summary: 'GET /api/notifications/summary',
  dashboardPage: 'GET /dashboard (drawn page)',
  editPage: 'GET /edit-players (drawn page)',
  boardPage: 'GET /leaderboard/:type (drawn page)',
  board: 'GET /api/leaderboard/:type',
  boardSearch: 'GET /api/leaderboard/:type?search',
  boardMe: 'GET /api/leaderboard/:type?me=true',
  leaguesPage: 'GET /leagues (drawn page)',
  myLeagues: 'GET /api/leagues',
  createLeague: 'POST /api/leagues',
  invitePage: 'GET /join/:code (drawn page)',
  invite: 'GET /api/leagues/invite/:code',
  joinLeague: 'POST /api/leagues/join',
  standingsPage: 'GET /leagues/:id (drawn page)',
  league: 'GET /api/leagues/:id',
  standings: 'GET /api/leagues/:id/standings',
} as const;

/** What a player does between pages once their squad is saved; each visit is one of these. */
const VISITS = [
  'dashboard',
  'board',
  'search',
  'showMe',
  'leagues',
  'create',
  'join',
  'standings',
  'edit',
] as const;
type Visit = (typeof VISITS)[number];
/** How often each visit comes once the first round of every one is done. */
const VISIT_WEIGHTS: Record<Visit, number> = {
  dashboard: 6,
  board: 5,
  search: 2,
  showMe: 2,
  leagues: 3,
  create: 1,
  join: 2,
  standings: 3,
  edit: 1,
};
/** Share of visits made by opening the page afresh (a new tab, a bookmark) rather than in the app. */
const FULL_PAGE_LOAD_SHARE = 0.2;

/** TanStack Query's staleness of each query the app keeps (apps/web/src/…/api): older ones are asked again. */
const STALE_MS = {
  default: 60_000,
  season: 5 * 60_000,
  clubs: 60 * 60_000,
  board: 15_000,
} as const;
/** The notification summary is asked again this often while a signed-in page is open. */
const SUMMARY_INTERVAL_MS = 60_000;
/** Boards and standings are asked again this often while the viewer waits to be ranked. */
const PENDING_POLL_MS = 3_000;

export interface SimulatedPlayerOptions {
  index: number;
  /** The run's id: part of every e-mail address, so runs never collide. */
  runId: string;
  origin: URL;
  /** The loopback address this player's browser connects from (its own client for the rate limits). */
  localAddress: string;
  recorder: LatencyRecorder;
  leagues: LeagueRegistry;
  seed: number;
  /** Think time between visits, in seconds: [shortest, longest], drawn uniformly. */
  thinkSeconds: readonly [number, number];
  /**
   * performance.now() after which the player finishes the visit in hand and leaves (not before
   * it has made every kind of visit once).
   */
  endsAt: number;
}

/**
 * One player of the load test, from the sign-up page to a saved squad, then visiting the
 * dashboard, the boards and leagues, and now and then changing their squad, as the web app
 * asks for each page (apps/web/src/app/router.tsx): a page opened afresh comes drawn by the
 * server, a page reached in the app asks for the profile (the guard) and whatever data of the
 * page is stale, and the notifications stream stays open on every signed-in page.
 */
export class SimulatedPlayer {
  private readonly browser: PlayerConnection;
  private readonly random: RandomSource;
  private readonly fetchedAt = new Map<string, number>();
  private readonly cachedAssets = new Set<string>();
  private readonly memberships = new Set<string>();
  private readonly beacons = new Set<Promise<unknown>>();
  private stream: LiveStream | undefined;
  private currentPage: { path: string; since: number } | undefined;
  private lastSummaryAt = 0;
  private administered = 0;
  private visitsDone = 0;
  private isPendingOnPage: () => Promise<boolean> = async () => false;

  constructor(private readonly options: SimulatedPlayerOptions) {
    this.browser = new PlayerConnection({
      origin: options.origin,
      localAddress: options.localAddress,
      recorder: options.recorder,
    });
    this.random = seededRandom(options.seed);
  }

  /** Signs up, onboards and saves a squad, then visits pages until `endsAt`; answers whether it got that far. */
  async play(): Promise<boolean> {
    let hasSquad = false;
    try {
      await this.signUpAndPick();
      hasSquad = true;
      // The first round of every visit is made however long it takes (a slow machine must not
      // leave a page untested); after it the player leaves when the time is up.
      while (this.isOnFirstRound() || performance.now() < this.options.endsAt) {
        await this.think();
        if (!this.isOnFirstRound() && performance.now() >= this.options.endsAt) break;
        const visit = this.nextVisit();
        // In the first round, every other visit opens its page afresh: both ways of every page
        // are met by a few players early on, even in a short run.
        const isFullLoad = this.isOnFirstRound()
          ? (this.options.index + this.visitsDone) % 2 === 0
          : this.random() < FULL_PAGE_LOAD_SHARE;
        try {
          await this.visit(visit, isFullLoad);
        } catch (error) {
          if (!(error instanceof UnexpectedAnswer)) throw error;
          // Recorded already: the player reloads, as a person facing an error page does.
          this.fetchedAt.clear();
          this.currentPage = undefined;
        }
        this.visitsDone += 1;
      }
    } catch (error) {
      // A sign-up that failed leaves nothing to play; a bug of this script is an error too.
      if (!(error instanceof UnexpectedAnswer))
        this.options.recorder.record('load-test script', undefined, String(error));
    } finally {
      await this.leave();
    }
    return hasSquad;
  }

  // --- Joining: sign-up, onboarding, picking ---------------------------------------------------

  private async signUpAndPick(): Promise<void> {
    const { index, runId } = this.options;
    await this.openPage(REQUEST_KINDS.signUpPage, '/signup', { isSignedIn: false });
    await this.think();
    await this.browser.api(REQUEST_KINDS.signUp, 'POST', '/api/auth/sign-up/email', {
      body: {
        email: `load-${runId}-${index}@example.com`,
        password: LOAD_TEST_PASSWORD,
        name: '',
        marketingOptIn: false,
      },
    });
    if (!this.browser.hasSessionCookie)
      throw this.fail(REQUEST_KINDS.signUp, 'no session cookie after sign-up');

    // The app moves on to onboarding: the guard reads the profile, the screen the clubs (for the
    // favourite club), and the signed-in layout opens the notifications stream.
    let clubNames: string[] = [];
    await this.navigate('/onboarding', async () => {
      const clubs = await this.query(REQUEST_KINDS.clubs, '/api/clubs', clubListSchema, STALE_MS.clubs);
      clubNames = clubs?.clubs.map((club) => club.name) ?? [];
    });
    if (clubNames.length === 0)
      throw this.fail(REQUEST_KINDS.clubs, 'no clubs to choose a favourite team from');
    await this.think();
    const profile = await this.browser.api(REQUEST_KINDS.onboarding, 'PUT', '/api/profile/onboarding', {
      body: {
        fullName: `${this.pick(FIRST_NAMES)} ${this.pick(SURNAMES)}`,
        dob: `${1960 + Math.floor(this.random() * 45)}-0${1 + Math.floor(this.random() * 9)}-1${Math.floor(this.random() * 10)}`,
        country: this.pick(LOAD_TEST_COUNTRIES),
        favouriteClub: this.pick(clubNames),
        howDidYouHear: this.pick(HOW_DID_YOU_HEAR_OPTIONS.filter((option) => option.value !== 'other')).value,
      },
      schema: profileSchema,
    });
    if (!profile.onboardingComplete) throw this.fail(REQUEST_KINDS.onboarding, 'onboarding not complete');

    // Make Your Picks: the squad, the season, the clubs and the first page of players.
    await this.navigate('/player-selection', () => this.pickingQueries());
    await this.think();
    // Auto Pick reads every candidate (1-10 goals last season) a page of 100 at a time.
    const bounds = autoPickGoalBounds({});
    const candidates: CatalogPlayer[] = [];
    for (let page = 1; bounds; page += 1) {
      const answer = await this.browser.api(
        REQUEST_KINDS.players,
        'GET',
        `/api/players?minGoals=${bounds.minGoals}&maxGoals=${bounds.maxGoals}&page=${page}&pageSize=100`,
        { schema: playerPageSchema },
      );
      candidates.push(...answer.players);
      if (answer.players.length < 100 || candidates.length >= answer.total) break;
    }
    const picked = autoPick(candidates, [], this.random);
    if (picked.outcome !== 'complete')
      throw this.fail(REQUEST_KINDS.players, `auto pick was ${picked.outcome}`);
    await this.think();
    await this.saveSquad(picked.picks);
    await this.navigate('/dashboard', () => this.dashboardQueries());
  }

  // --- Visits ----------------------------------------------------------------------------------

  /** Every visit once, starting at a different one per player, then by weight. */
  private isOnFirstRound(): boolean {
    return this.visitsDone < VISITS.length;
  }

  private nextVisit(): Visit {
    if (this.isOnFirstRound()) return VISITS[(this.options.index + this.visitsDone) % VISITS.length] as Visit;
    const total = Object.values(VISIT_WEIGHTS).reduce((sum, weight) => sum + weight, 0);
    let draw = this.random() * total;
    for (const visit of VISITS) {
      draw -= VISIT_WEIGHTS[visit];
      if (draw < 0) return visit;
    }
    return 'dashboard';
  }

  private async visit(visit: Visit, isFullLoad: boolean): Promise<void> {
    switch (visit) {
      case 'dashboard':
        return this.goTo('/dashboard', REQUEST_KINDS.dashboardPage, isFullLoad, () =>
          this.dashboardQueries(),
        );
      case 'board':
        return this.openBoard(this.pick(LEADERBOARD_TYPES), isFullLoad);
      case 'search': {
        await this.openBoard(this.pick(LEADERBOARD_TYPES), isFullLoad);
        await this.think();
        const type = this.boardOnScreen();
        const search = encodeURIComponent(this.pick(BOARD_SEARCHES));
        await this.boardQuery(
          REQUEST_KINDS.boardSearch,
          `/api/leaderboard/${type}?page=1&pageSize=25&search=${search}`,
        );
        return;
      }
      case 'showMe': {
        await this.openBoard(this.pick(LEADERBOARD_TYPES), isFullLoad);
        await this.think();
        const type = this.boardOnScreen();
        await this.boardQuery(REQUEST_KINDS.boardMe, `/api/leaderboard/${type}?page=1&pageSize=25&me=true`);
        return;
      }
      case 'leagues':
        return this.openLeagues(isFullLoad);
      case 'create':
        return this.createLeague(isFullLoad);
      case 'join':
        return this.joinLeague(isFullLoad);
      case 'standings':
        return this.openStandings(isFullLoad);
      case 'edit':
        return this.editSquad(isFullLoad);
    }
  }

  private openBoard(type: LeaderboardType, isFullLoad: boolean): Promise<void> {
    const path = `/api/leaderboard/${type}?page=1&pageSize=25`;
    return this.goTo(`/leaderboard/${type}`, REQUEST_KINDS.boardPage, isFullLoad, async () => {
      await Promise.all([
        this.boardQuery(REQUEST_KINDS.board, path, STALE_MS.board),
        this.query(REQUEST_KINDS.clubs, '/api/clubs', clubListSchema, STALE_MS.clubs),
      ]);
    });
  }

  /** The board of the page on screen (the global one when the player is elsewhere). */
  private boardOnScreen(): LeaderboardType {
    const type = this.currentPage?.path.split('/')[2];
    return LEADERBOARD_TYPES.find((candidate) => candidate === type) ?? 'global';
  }

  /** A board page; while the viewer waits to be ranked the page asks again every few seconds. */
  private async boardQuery(kind: string, path: string, staleMs = 0): Promise<void> {
    const page = await this.query(kind, path, leaderboardPageSchema, staleMs);
    if (!page) return;
    if (page.viewerPending !== null || page.computedAt === null)
      this.isPendingOnPage = async () => {
        const again = await this.browser.api(kind, 'GET', path, { schema: leaderboardPageSchema });
        return again.viewerPending !== null || again.computedAt === null;
      };
  }

  private openLeagues(isFullLoad: boolean): Promise<void> {
    return this.goTo('/leagues', REQUEST_KINDS.leaguesPage, isFullLoad, () => this.myLeagues());
  }

  private async myLeagues(): Promise<void> {
    const answer = await this.query(REQUEST_KINDS.myLeagues, '/api/leagues', myLeaguesSchema, 0);
    if (!answer) return;
    const approved = answer.leagues
      .filter((league) => league.myStatus === 'approved')
      .map((league) => league.id);
    const missing = [...this.memberships].filter((id) => !approved.includes(id));
    if (missing.length > 0)
      throw this.fail(REQUEST_KINDS.myLeagues, `${missing.length} of the player's leagues are missing`);
  }

  private async createLeague(isFullLoad: boolean): Promise<void> {
    await this.openLeagues(isFullLoad);
    if (this.administered >= LEAGUE_LIMITS.administered || this.memberships.size >= LEAGUE_LIMITS.memberships)
      return;
    await this.think();
    const maxMembers = this.pick([50, 100, 200, -1] as const);
    const league = await this.browser.api(REQUEST_KINDS.createLeague, 'POST', '/api/leagues', {
      body: {
        name: `${this.pick(SURNAMES)} league ${this.options.index}-${this.administered + 1}`,
        maxMembers,
        joinMode: 'open',
        joinDeadline: null,
      },
      expect: 201,
      schema: leagueSummarySchema,
    });
    this.administered += 1;
    this.memberships.add(league.id);
    // The creator is the admin: the answer always carries the code.
    if (league.code) this.options.leagues.add({ id: league.id, code: league.code, maxMembers });
    this.fetchedAt.delete('/api/leagues');
    // The app shows the new league's code to share, then its standings.
    await this.think();
    await this.showStandings(league.id, false);
  }

  private async joinLeague(isFullLoad: boolean): Promise<void> {
    const league = this.options.leagues.takePlace(this.memberships, this.random);
    // Nobody has a league with room yet: the player starts one for the group instead.
    if (!league) return this.createLeague(isFullLoad);
    if (isFullLoad) {
      // The invite link from the group chat: the invite page, drawn with the league on it.
      // A public page: the signed-in layout (and its stream) comes with the next page.
      await this.openPage(REQUEST_KINDS.invitePage, `/join/${league.code}`, { isSignedIn: false });
    } else {
      await this.openLeagues(false);
      await this.think();
      // Join a League: the code typed in, the invite looked up, then joined.
      await this.browser.api(REQUEST_KINDS.invite, 'GET', `/api/leagues/invite/${league.code}`, {
        schema: leagueInviteSchema,
      });
    }
    await this.think();
    const joined = await this.browser.api(REQUEST_KINDS.joinLeague, 'POST', '/api/leagues/join', {
      body: { code: league.code },
      schema: joinLeagueResultSchema,
    });
    if (joined.status !== 'approved' || joined.league.id !== league.id)
      throw this.fail(REQUEST_KINDS.joinLeague, `joined as ${joined.status}, expected approved`);
    this.memberships.add(league.id);
    this.fetchedAt.delete('/api/leagues');
    await this.showStandings(league.id, false);
  }

  private async openStandings(isFullLoad: boolean): Promise<void> {
    const leagues = [...this.memberships];
    if (leagues.length === 0) return this.openLeagues(isFullLoad);
    await this.showStandings(this.pick(leagues), isFullLoad);
  }

  private showStandings(leagueId: string, isFullLoad: boolean): Promise<void> {
    return this.goTo(`/leagues/${leagueId}`, REQUEST_KINDS.standingsPage, isFullLoad, async () => {
      const path = `/api/leagues/${leagueId}/standings?page=1&pageSize=50`;
      const [, standings] = await Promise.all([
        this.query(REQUEST_KINDS.league, `/api/leagues/${leagueId}`, leagueDetailSchema, STALE_MS.default),
        this.query(REQUEST_KINDS.standings, path, leagueStandingsPageSchema, STALE_MS.board),
        this.query(REQUEST_KINDS.clubs, '/api/clubs', clubListSchema, STALE_MS.clubs),
      ]);
      if (standings && (standings.computedAt === null || standings.pendingWithinSeconds !== null))
        this.isPendingOnPage = async () => {
          const again = await this.browser.api(REQUEST_KINDS.standings, 'GET', path, {
            schema: leagueStandingsPageSchema,
          });
          return again.computedAt === null || again.pendingWithinSeconds !== null;
        };
    });
  }

  /** Edit Your Team: one pick swapped for another outfield player of the list, then saved. */
  private async editSquad(isFullLoad: boolean): Promise<void> {
    await this.goTo('/edit-players', REQUEST_KINDS.editPage, isFullLoad, () => this.pickingQueries());
    await this.think();
    const position = this.pick(['forward', 'midfielder', 'defender'] as const);
    const page = 1 + Math.floor(this.random() * 3);
    const answer = await this.browser.api(
      REQUEST_KINDS.players,
      'GET',
      `/api/players?position=${position}&sort=total_goals&order=desc&page=${page}&pageSize=20`,
      { schema: playerPageSchema },
    );
    const squad = await this.browser.api(REQUEST_KINDS.squad, 'GET', '/api/squad', { schema: squadSchema });
    const replacement = answer.players.find(
      (player) => !squad.picks.some((pick) => pick.playerId === player.id),
    );
    if (!replacement) return;
    const swapped = Math.floor(this.random() * squad.picks.length);
    const kept = squad.picks
      .filter((_, slot) => slot !== swapped)
      .map((pick) => ({ id: pick.playerId, position: pick.position, goals: pick.goals }));
    await this.think();
    await this.saveSquad([...kept, replacement]);
    await this.navigate('/dashboard', () => this.dashboardQueries());
  }

  private async saveSquad(
    players: readonly Pick<CatalogPlayer, 'id' | 'position' | 'goals'>[],
  ): Promise<void> {
    const problem = squadSelectionProblem({
      players,
      isDeadlinePassed: false,
      isSeasonOver: false,
      hasSquad: true,
    });
    if (problem || players.length !== SQUAD_SIZE)
      throw this.fail(REQUEST_KINDS.saveSquad, `invalid team: ${problem}`);
    const playerIds = players.map((player) => player.id);
    const saved = await this.browser.api(REQUEST_KINDS.saveSquad, 'PUT', '/api/squad', {
      body: { playerIds },
      schema: squadSchema,
    });
    const savedIds = saved.picks.map((pick) => pick.playerId);
    if (savedIds.length !== SQUAD_SIZE || playerIds.some((id) => !savedIds.includes(id)) || !saved.isEditable)
      throw this.fail(REQUEST_KINDS.saveSquad, 'the saved team is not the one sent');
    // The app refreshes the squad, its goals and the profile (player selection complete) after a save.
    for (const key of ['/api/squad', '/api/squad/goals', '/api/profile']) this.fetchedAt.delete(key);
  }

  // --- Pages and queries as the web app asks for them -------------------------------------------

  private async dashboardQueries(): Promise<void> {
    await Promise.all([
      this.query(REQUEST_KINDS.squad, '/api/squad', squadSchema, STALE_MS.default),
      this.query(REQUEST_KINDS.season, '/api/season', seasonStateSchema, STALE_MS.season),
      this.query(REQUEST_KINDS.squadGoals, '/api/squad/goals', squadGoalsSchema, STALE_MS.default),
      this.query(REQUEST_KINDS.clubs, '/api/clubs', clubListSchema, STALE_MS.clubs),
      this.query(REQUEST_KINDS.myLeagues, '/api/leagues', myLeaguesSchema, STALE_MS.default),
    ]);
  }

  private async pickingQueries(): Promise<void> {
    await Promise.all([
      this.query(REQUEST_KINDS.squad, '/api/squad', squadSchema, STALE_MS.default),
      this.query(REQUEST_KINDS.season, '/api/season', seasonStateSchema, STALE_MS.season),
      this.query(REQUEST_KINDS.clubs, '/api/clubs', clubListSchema, STALE_MS.clubs),
      this.query(
        REQUEST_KINDS.players,
        '/api/players?order=asc&page=1&pageSize=20',
        playerPageSchema,
        60_000,
      ),
    ]);
  }

  /** A page of the app, opened afresh (drawn by the server) or reached by a link inside the app. */
  private async goTo(path: string, pageKind: string, isFullLoad: boolean, queries: () => Promise<unknown>) {
    if (isFullLoad || !this.currentPage) {
      await this.openPage(pageKind, path, { isSignedIn: true });
      // The page carries what it was drawn with: the app's cache starts from it.
      this.fetchedAt.clear();
      this.fetchedAt.set('/api/profile', performance.now());
      return;
    }
    await this.navigate(path, queries);
  }

  /**
   * The browser opens `path`: the drawn page, the build's files it names that are not cached
   * yet, then (signed in) the app's notifications stream and the page view.
   */
  private async openPage(kind: string, path: string, { isSignedIn }: { isSignedIn: boolean }): Promise<void> {
    this.leavePage();
    this.closeStream();
    const html = await this.browser.page(kind, path);
    const assets = [...html.matchAll(/(?:href|src|data-app)="(\/assets\/[^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    const preloads = /data-app-preloads="([^"]*)"/.exec(html)?.[1]?.split(' ').filter(Boolean) ?? [];
    const missing = [...new Set([...assets, ...preloads])].filter((asset) => !this.cachedAssets.has(asset));
    await Promise.all(
      missing.map(async (asset) => {
        await this.browser.asset(REQUEST_KINDS.asset, asset);
        this.cachedAssets.add(asset);
      }),
    );
    if (isSignedIn) await this.openStream();
    this.landOn(path);
  }

  /**
   * A link inside the app to a signed-in page: the guard reads the profile again, the page's
   * stale queries go, and the signed-in layout opens the stream if it is not open yet.
   */
  private async navigate(path: string, queries: () => Promise<unknown>): Promise<void> {
    this.leavePage();
    await Promise.all([this.query(REQUEST_KINDS.profile, '/api/profile', profileSchema, 0), queries()]);
    if (!this.stream) await this.openStream();
    this.landOn(path);
  }

  /** A GET the app caches: asked for only when its last answer is older than `staleMs`. */
  private async query<T>(kind: string, path: string, schema: ResponseSchema<T>, staleMs: number) {
    const fetched = this.fetchedAt.get(path);
    if (fetched !== undefined && staleMs > 0 && performance.now() - fetched < staleMs) return undefined;
    const answer = await this.browser.api(kind, 'GET', path, { schema });
    this.fetchedAt.set(path, performance.now());
    return answer;
  }

  private landOn(path: string): void {
    this.isPendingOnPage = async () => false;
    this.currentPage = { path, since: performance.now() };
    this.analytics({ name: 'page_view', path });
  }

  private leavePage(): void {
    if (!this.currentPage) return;
    const seconds = Math.round((performance.now() - this.currentPage.since) / 1000);
    this.analytics({ name: 'time_on_page', path: this.currentPage.path, properties: { seconds } });
    this.currentPage = undefined;
  }

  /** The app's analytics beacon: nothing waits for it, but it is counted like any request. */
  private analytics(event: AnalyticsEventInput): void {
    const beacon = this.browser
      .api(REQUEST_KINDS.analytics, 'POST', '/api/analytics/events', { body: event, expect: 202 })
      .catch(() => undefined)
      .finally(() => this.beacons.delete(beacon));
    this.beacons.add(beacon);
  }

  /** The signed-in layout's EventSource; on opening, the app reloads the notification summary. */
  private async openStream(): Promise<void> {
    this.stream = await this.browser.openStream(REQUEST_KINDS.stream, '/api/notifications/stream');
    await this.summary();
  }

  private async summary(): Promise<void> {
    this.lastSummaryAt = performance.now();
    await this.browser.api(REQUEST_KINDS.summary, 'GET', '/api/notifications/summary', {
      schema: notificationSummarySchema,
    });
  }

  private closeStream(): void {
    this.stream?.close();
    this.stream = undefined;
  }

  /** Reading the page: the summary and a waiting board are asked again meanwhile, as the app does. */
  private async think(): Promise<void> {
    const [shortest, longest] = this.options.thinkSeconds;
    const pause = 1000 * (shortest + this.random() * (longest - shortest));
    const until = this.isOnFirstRound()
      ? performance.now() + pause
      : Math.min(this.options.endsAt, performance.now() + pause);
    while (performance.now() < until) {
      const wait = Math.min(PENDING_POLL_MS, until - performance.now());
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() >= until) break;
      if (!(await this.isPendingOnPage())) this.isPendingOnPage = async () => false;
      if (this.stream && performance.now() - this.lastSummaryAt >= SUMMARY_INTERVAL_MS) await this.summary();
    }
  }

  /** Closes the tab: the last page's time is sent, and the connections go once the beacons are answered. */
  private async leave(): Promise<void> {
    this.leavePage();
    this.closeStream();
    await Promise.all(this.beacons);
    this.browser.close();
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  /** An answer that passed its schema but is not what the action expects: an error of its kind. */
  private fail(kind: string, message: string): UnexpectedAnswer {
    this.options.recorder.addError(kind, message);
    return new UnexpectedAnswer(`${kind}: ${message}`);
  }
}
