import { randomUUID } from 'node:crypto';
import { LEAGUE_MESSAGES, PENDING_INVITE_MAX_AGE_MS } from '@hit21/core';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
} from './support/accounts.ts';
import { captureAnalytics, sentEvents } from './support/analytics.ts';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  MOBILE,
  screenshot,
  setUpBrowser,
  waitForTheApp,
} from './support/browser.ts';
import { resetServerClock } from './support/clock.ts';
import { onboardThroughUi, pathnameIs, pickSquadThroughUi, waitForToast } from './support/leagues.ts';

const browser = setUpBrowser();

/*
 * The invite page /join/{code} and the saved invite (pendingLeagueJoin) that carries a new
 * fan through sign-up, onboarding and picks to the dashboard's pending-invite modal.
 */
const TAG = randomUUID().slice(0, 6);
const FAN_SQUAD = ['Bukayo Saka', 'Declan Rice', 'Cole Palmer', 'Ollie Watkins'];
// A deadline after the demo clock (a day before the 2025/26 pick deadline).
const DEADLINE = '2025-09-01T12:00:00.000Z';

interface CreatedLeague {
  id: string;
  name: string;
  code: string;
}

let adminContext: BrowserContext;
let inviteOnly: CreatedLeague;
let open: CreatedLeague;
let locked: CreatedLeague;
const contexts: BrowserContext[] = [];

async function newContext(viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser().newContext({
    viewport,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
    timezoneId: 'Europe/London',
  });
  await captureAnalytics(context);
  contexts.push(context);
  return context;
}

function originHeaders(): Record<string, string> {
  return { Origin: new URL(baseUrl()).origin };
}

async function createLeague(
  request: APIRequestContext,
  input: { name: string; maxMembers: number; joinMode: string; joinDeadline: string | null },
): Promise<CreatedLeague> {
  const response = await request.post('/api/leagues', { data: input, headers: originHeaders() });
  expect(response.status(), await response.text()).toBe(201);
  const league = (await response.json()) as CreatedLeague;
  expect(league.code).toMatch(/^[A-Z0-9]{8}$/);
  return league;
}

/** A signed-in player who has onboarded and picked a squad, through the API. */
async function readyPlayer(context: BrowserContext, fullName: string): Promise<void> {
  await signUpThroughApi(context, newAccount('invite'));
  await completeOnboardingThroughApi(context, { fullName });
  await pickSquadThroughApi(context);
}

async function myLeagues(context: BrowserContext) {
  const response = await context.request.get('/api/leagues');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { leagues: { id: string; code: string | null; myStatus: string }[] })
    .leagues;
}

function savedInvite(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('pendingLeagueJoin');
    return raw === null ? null : JSON.parse(raw);
  });
}

beforeAll(async () => {
  await resetServerClock();
  adminContext = await newContext();
  await readyPlayer(adminContext, `Ivy Inviter ${TAG}`);
  inviteOnly = await createLeague(adminContext.request, {
    name: `Sunday League ${TAG}`,
    maxMembers: 50,
    joinMode: 'invite_only',
    joinDeadline: DEADLINE,
  });
  open = await createLeague(adminContext.request, {
    name: `Open House ${TAG}`,
    maxMembers: -1,
    joinMode: 'open',
    joinDeadline: null,
  });
  locked = await createLeague(adminContext.request, {
    name: `Closed Shop ${TAG}`,
    maxMembers: 100,
    joinMode: 'locked',
    joinDeadline: null,
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe('the invite page', () => {
  it('shows a visitor the invite, keeps it through sign-up, onboarding and picks, and the dashboard offers it', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`/join/${inviteOnly.code}`);
    const card = page.getByRole('main');
    await card.getByRole('heading', { name: inviteOnly.name }).waitFor();
    for (const text of [inviteOnly.code, '50 max', 'Requires approval', 'Not logged in?']) {
      expect(await card.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    expect(await card.getByText(/^1 Sept? 2025$/).count()).toBe(1);
    // A visitor never sees who is in the league.
    expect(await page.getByText(`Ivy Inviter ${TAG}`).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'invite-visitor-desktop');
    await page.setViewportSize(MOBILE);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'invite-visitor-mobile');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Join League' }).click();
    expect(await waitForToast(page, 'Log In to Join')).toContain(`join ${inviteOnly.name}`);
    await page.waitForURL(pathnameIs('/login'));
    const saved = (await savedInvite(page)) as { code: string; leagueName: string; timestamp: number };
    expect(saved).toMatchObject({ code: inviteOnly.code, leagueName: inviteOnly.name });
    expect(Math.abs(Date.now() - saved.timestamp)).toBeLessThan(60_000);

    // A brand-new fan: sign up instead, then onboarding and picks, as the guards lead.
    await page.getByRole('link', { name: 'Sign up' }).last().click();
    await page.waitForURL(pathnameIs('/signup'));
    const account = newAccount('invitee');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(pathnameIs('/onboarding'));
    await onboardThroughUi(page, `Nina Newfan ${TAG}`);
    expect(await savedInvite(page)).toMatchObject({ code: inviteOnly.code });
    await pickSquadThroughUi(page, FAN_SQUAD);

    const modal = page.getByRole('dialog', { name: inviteOnly.name });
    await modal.waitFor({ timeout: 10_000 });
    await modal.getByText('Requires approval', { exact: true }).waitFor();
    expect(await modal.getByText(inviteOnly.code, { exact: true }).count()).toBe(1);
    expect(await modal.getByText('50 max', { exact: true }).count()).toBe(1);
    expect(await modal.getByRole('button', { name: 'Maybe Later' }).count()).toBe(1);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'invite-modal-mobile');

    await modal.getByRole('button', { name: 'Join League' }).click();
    expect(await waitForToast(page, LEAGUE_MESSAGES.applied)).toContain(LEAGUE_MESSAGES.applied);
    await page.waitForURL(pathnameIs('/leagues'));
    expect(await savedInvite(page)).toBeNull();
    expect(await sentEvents(page, 'league_joined')).toEqual([
      {
        name: 'league_joined',
        path: '/dashboard',
        properties: { type: 'private', status: 'pending', via: 'pending_invite' },
      },
    ]);
    const mine = await myLeagues(context);
    // A pending player is not given the code: the card is found by the league's id.
    expect(mine.find((league) => league.id === inviteOnly.id)).toMatchObject({
      myStatus: 'pending',
      code: null,
    });
    await page.getByText(inviteOnly.name).first().waitFor();
    await screenshot(page, 'invite-leagues-after-join-mobile');
  });

  it('lets a ready player join an open league at once, and says so when they are already in', async () => {
    const context = await newContext();
    await readyPlayer(context, `Ollie Open ${TAG}`);
    const page = await context.newPage();
    // The code is upper-cased before the lookup.
    await page.goto(`/join/${open.code.toLowerCase()}`);
    await page.getByRole('heading', { name: open.name }).waitFor();
    expect(await page.getByText('Unlimited', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Anyone can join', { exact: true }).count()).toBe(1);
    expect(await page.getByText('None', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Not logged in?').count()).toBe(0);

    await page.getByRole('button', { name: 'Join League' }).click();
    expect(await waitForToast(page, LEAGUE_MESSAGES.joined)).toContain('League Joined!');
    await page.waitForURL(pathnameIs('/leagues'));
    const mine = await myLeagues(context);
    expect(mine.find((league) => league.code === open.code)?.myStatus).toBe('approved');
    expect(await sentEvents(page, 'league_joined')).toMatchObject([
      { properties: { type: 'private', status: 'approved', via: 'invite' } },
    ]);

    // Back on the invite, they are told before any click, and not offered Join League.
    await page.goto(`/join/${open.code}`);
    await page.getByTestId('invite-join-block').getByText(LEAGUE_MESSAGES.alreadyMember).waitFor();
    expect(await page.getByRole('button', { name: 'Join League' }).count()).toBe(0);
  });

  it('sends a signed-out player to log in, and the dashboard offers the invite once they have', async () => {
    const context = await newContext(MOBILE);
    const account = newAccount('invite-login');
    await signUpThroughApi(context, account);
    await completeOnboardingThroughApi(context, { fullName: `Lou Login ${TAG}` });
    await pickSquadThroughApi(context);
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`/join/${open.code}`);
    await page.getByText('Not logged in?').waitFor();
    // This journey starts from the app; a tap before it runs is server-drawn-pages.test.ts's.
    await waitForTheApp(page);
    await page.getByRole('button', { name: 'Join League' }).click();
    await page.waitForURL(pathnameIs('/login'));
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(pathnameIs('/dashboard'));

    const modal = page.getByRole('dialog', { name: open.name });
    await modal.getByText('Anyone can join', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await modal.getByText('Unlimited', { exact: true }).count()).toBe(1);
    expect(await modal.getByText('None', { exact: true }).count()).toBe(1);
    await modal.getByRole('button', { name: 'Join League' }).click();
    expect(await waitForToast(page, 'League Joined!')).toContain(LEAGUE_MESSAGES.joined);
    await page.waitForURL(pathnameIs('/leagues'));
    const mine = await myLeagues(context);
    expect(mine.find((league) => league.code === open.code)?.myStatus).toBe('approved');
  });

  it('shows a locked league with its notice instead of Join League', async () => {
    const context = await newContext(MOBILE);
    const page = await context.newPage();
    await page.goto(`/join/${locked.code}`);
    await page.getByRole('heading', { name: locked.name }).waitFor();
    expect(await page.getByText('League is Locked', { exact: true }).count()).toBe(1);
    expect(await page.getByText('No new members', { exact: true }).count()).toBe(1);
    expect(await page.getByText('100 max', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Join League' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Copy Link' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Browse Other Leagues' }).getAttribute('href')).toBe(
      '/leagues',
    );
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'invite-locked-mobile');
  });

  it('says "Invalid league code" for a malformed code without asking the server, and "League not found" for an unknown one', async () => {
    const context = await newContext(MOBILE);
    const page = await context.newPage();
    const inviteCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/leagues/invite/')) inviteCalls.push(request.url());
    });
    await page.goto('/join/abc-123');
    await page.getByRole('alert').filter({ hasText: 'Invalid league code' }).waitFor();
    expect(inviteCalls).toEqual([]);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'invite-invalid-mobile');

    // Well formed, but no league has it (1 chance in 36^8 that one does).
    await page.goto('/join/ZZZZZZZZ');
    await page.getByRole('alert').filter({ hasText: 'League not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse Other Leagues' }).count()).toBe(1);
  });
});

describe('the pending-invite modal', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(MOBILE);
    await readyPlayer(context, `Mo Modal ${TAG}`);
    page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  async function saveInvite(code: string, leagueName: string, timestamp = Date.now()): Promise<void> {
    await page.evaluate((value) => localStorage.setItem('pendingLeagueJoin', JSON.stringify(value)), {
      code,
      leagueName,
      timestamp,
    });
  }

  it('Maybe Later forgets the invite', async () => {
    await saveInvite(inviteOnly.code, inviteOnly.name);
    await page.reload();
    const modal = page.getByRole('dialog', { name: inviteOnly.name });
    await modal.getByText('Requires approval', { exact: true }).waitFor({ timeout: 10_000 });
    await page.setViewportSize(DESKTOP);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'invite-modal-desktop');
    await page.setViewportSize(MOBILE);
    await modal.getByRole('button', { name: 'Maybe Later' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await savedInvite(page)).toBeNull();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('offers only Close for a locked league', async () => {
    await saveInvite(locked.code, locked.name);
    await page.reload();
    const modal = page.getByRole('dialog', { name: locked.name });
    await modal.getByText('League is Locked', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await modal.getByRole('button', { name: 'Join League' }).count()).toBe(0);
    expect(await modal.getByRole('button', { name: 'Maybe Later' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'invite-modal-locked-mobile');
    await modal.getByRole('button', { name: 'Close' }).last().click();
    await modal.waitFor({ state: 'detached' });
    expect(await savedInvite(page)).toBeNull();
  });

  it('says when the league no longer exists', async () => {
    await saveInvite('ZZZZZZZZ', `Gone Away ${TAG}`);
    await page.reload();
    const modal = page.getByRole('dialog', { name: `Gone Away ${TAG}` });
    await modal.getByText(/League not found/).waitFor({ timeout: 10_000 });
    expect(await modal.getByRole('button', { name: 'Join League' }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Close' }).last().click();
    expect(await savedInvite(page)).toBeNull();
  });

  it('says an already-member before the click, and keeps the modal open with a refused click', async () => {
    // The admin's own league: the player is not in it; join it once by code, then be offered it again.
    const join = await context.request.post('/api/leagues/join', {
      data: { code: open.code },
      headers: originHeaders(),
    });
    expect(join.status(), await join.text()).toBe(200);
    await saveInvite(open.code, open.name);
    await page.reload();
    const modal = page.getByRole('dialog', { name: open.name });
    // Told before any click, with only Close.
    await modal.getByTestId('invite-join-block').getByText(LEAGUE_MESSAGES.alreadyMember).waitFor();
    expect(await modal.getByRole('button', { name: 'Join League' }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Close' }).last().click();
    await modal.waitFor({ state: 'detached' });

    // A preview read before the join (another tab): the refused click still says why.
    await page.route(`**/api/leagues/invite/${open.code}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), joinBlock: null } });
    });
    await saveInvite(open.code, open.name);
    await page.reload();
    await modal.getByRole('button', { name: 'Join League' }).click();
    expect(await waitForToast(page, 'Join League Failed')).toContain(LEAGUE_MESSAGES.alreadyMember);
    await modal.getByRole('alert').filter({ hasText: LEAGUE_MESSAGES.alreadyMember }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await modal.getByRole('button', { name: 'Maybe Later' }).click();
    expect(await savedInvite(page)).toBeNull();
    await page.unroute(`**/api/leagues/invite/${open.code}`);
  });

  it('never offers an invite older than 24 hours, and discards it', async () => {
    await saveInvite(inviteOnly.code, inviteOnly.name, Date.now() - PENDING_INVITE_MAX_AGE_MS - 1000);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await savedInvite(page)).toBeNull();
  });
});
