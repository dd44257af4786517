import { isLeagueFull, LEAGUE_LIMITS } from '@hit21/core';

/** A league a simulated player made, as its admin passes its code round the group chat. */
export interface SharedLeague {
  id: string;
  code: string;
  maxMembers: number;
  /** Approved members as the simulation counts them: the admin, then each join it sends. */
  approvedMembers: number;
}

/**
 * The leagues of the run, and whose they are. A join is only ever sent for a league the player
 * is not in, that has room and while the player is under the league limit, and its place is
 * taken here before the request goes, so the answer is always "joined": a refusal (full,
 * already a member, too many leagues) is then an error of the server, not of the script.
 */
export class LeagueRegistry {
  private readonly leagues: SharedLeague[] = [];
  private joins = 0;

  add(league: Omit<SharedLeague, 'approvedMembers'>): void {
    this.leagues.push({ ...league, approvedMembers: 1 });
  }

  /**
   * A league the player may join now, its place taken, or undefined when there is none. `of` is
   * every league the player is in (approved or pending), its own included.
   */
  takePlace(of: ReadonlySet<string>, random: () => number): SharedLeague | undefined {
    if (of.size >= LEAGUE_LIMITS.memberships) return undefined;
    // A few random tries, then a scan: the leagues fill up slowly, so a try rarely misses.
    for (let attempt = 0; attempt < 5 && this.leagues.length > 0; attempt += 1) {
      const league = this.leagues[Math.floor(random() * this.leagues.length)];
      if (league && this.isOpenTo(league, of)) return this.take(league);
    }
    const league = this.leagues.find((candidate) => this.isOpenTo(candidate, of));
    return league ? this.take(league) : undefined;
  }

  get created(): number {
    return this.leagues.length;
  }

  /** Joins sent (each one counted as an approved member). */
  get joinsSent(): number {
    return this.joins;
  }

  private isOpenTo(league: SharedLeague, of: ReadonlySet<string>): boolean {
    return !of.has(league.id) && !isLeagueFull(league.maxMembers, league.approvedMembers);
  }

  private take(league: SharedLeague): SharedLeague {
    league.approvedMembers += 1;
    this.joins += 1;
    return league;
  }
}
