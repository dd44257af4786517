import { randomUUID } from 'node:crypto';
import type { CreatedLeague, CreateLeagueInput, OnboardingInput, SaveSquadInput } from '@hit21/core';

/** Meets the password policy. */
const PASSWORD = 'Kickoff#2025x';
/** Four well-known outfield players of the committed season, by their short names. */
const TEAM = ['Haaland', 'Saka', 'B.Fernandes', 'Gabriel'] as const;
const ONBOARDING: OnboardingInput = {
  fullName: 'Bench Player',
  dob: '1990-04-12',
  country: 'United Kingdom',
  favouriteClub: 'Arsenal',
  howDidYouHear: 'friend',
};

/** Talks to the server's API as the web app does: JSON, and the Origin on every change. */
class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private cookie = '',
  ) {}

  get sessionCookie(): string {
    return this.cookie;
  }

  async request<T>(method: string, pathname: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${pathname}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        // The server accepts changes only from PUBLIC_URL's origin (better-auth's check included).
        ...(method === 'GET' ? {} : { origin: this.baseUrl }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
    if (cookies.length > 0) this.cookie = mergeCookies(this.cookie, cookies);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/** The cookie header with `received` (name=value each) replacing any of the same name. */
function mergeCookies(header: string, received: string[]): string {
  const byName = new Map<string, string>();
  for (const pair of [...header.split('; '), ...received].filter(Boolean)) {
    byName.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...byName.values()].join('; ');
}

/** A new account, signed in (sign-up signs in) and onboarded. */
async function signUpAndOnboard(baseUrl: string, label: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  await client.request('POST', '/api/auth/sign-up/email', { email, password: PASSWORD, name: '' });
  if (!client.sessionCookie) throw new Error(`Signing up ${email} set no session cookie`);
  await client.request('PUT', '/api/profile/onboarding', ONBOARDING);
  return client;
}

async function pickSquad(client: ApiClient): Promise<void> {
  const playerIds: string[] = [];
  for (const name of TEAM) {
    const query = new URLSearchParams({ search: name, pageSize: '5' });
    const { players } = await client.request<{ players: { id: string; webName: string }[] }>(
      'GET',
      `/api/players?${query}`,
    );
    const player = players.find((candidate) => candidate.webName === name) ?? players[0];
    if (!player) throw new Error(`No player found for "${name}"`);
    playerIds.push(player.id);
  }
  const { picks } = await client.request<{ picks: unknown[] }>('PUT', '/api/squad', {
    playerIds,
  } satisfies SaveSquadInput);
  if (picks.length !== TEAM.length) throw new Error(`The team was saved with ${picks.length} picks`);
}

/** Each account as a Cookie header (`__Secure-better-auth.session_token=…` in production). */
export interface BenchPlayers {
  /** Onboarded, with a complete squad of 4 and a league of their own: sees the dashboard and boards. */
  playerCookie: string;
  /**
   * Onboarded, no squad yet: the one player who sees /player-selection (a player with a complete
   * squad is sent on to /dashboard).
   */
  pickerCookie: string;
  /** The invite code of the player's league, for /join/{code}. */
  leagueCode: string;
}

/**
 * The accounts the signed-in pages are measured with, made through the API as the screens
 * would. Sign-up signs the player in; the address is left unverified, which no measured page
 * depends on (and a production server has no mailbox to read the link from).
 */
export async function createBenchPlayers(baseUrl: string): Promise<BenchPlayers> {
  const player = await signUpAndOnboard(baseUrl, 'bench-player');
  await pickSquad(player);
  const league = await player.request<CreatedLeague>('POST', '/api/leagues', {
    name: 'Bench League',
  } satisfies CreateLeagueInput);
  const picker = await signUpAndOnboard(baseUrl, 'bench-picker');
  return {
    playerCookie: player.sessionCookie,
    pickerCookie: picker.sessionCookie,
    leagueCode: league.code,
  };
}
