import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
} from './support/accounts.ts';
import { baseUrl, DESKTOP, MOBILE, screenshot, setUpBrowser, waitForTheApp } from './support/browser.ts';
import { resetServerClock, setServerClock } from './support/clock.ts';
import { checkScreen, waitForToast } from './support/leagues.ts';
import { originHeaders } from './support/notifications.ts';

/*
 * The invite page says why Join League would be refused before any click (a passed deadline,
 * already in, already waiting, kicked until when) and offers no Join League then; a pending
 * player can withdraw their request from its card on /leagues.
 */
const browser = setUpBrowser();
const TAG = randomUUID().slice(0, 6);
const contexts: BrowserContext[] = [];

afterEach(async () => {
  await resetServerClock();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
});

interface Player {
  context: BrowserContext;
  page: Page;
}

async function player(fullName: string, viewport = DESKTOP, timezoneId = 'Europe/London'): Promise<Player> {
  const context = await browser().newContext({
    viewport,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
    timezoneId,
  });
  contexts.push(context);
  await signUpThroughApi(context, newAccount('invite-state'));
  await completeOnboardingThroughApi(context, { fullName });
  await pickSquadThroughApi(context);
  return { context, page: await context.newPage() };
}

async function createLeague(
  admin: Player,
  input: { joinMode: 'open' | 'invite_only'; joinDeadline: string | null },
): Promise<{ id: string; code: string; name: string }> {
  const response = await admin.context.request.post('/api/leagues', {
    data: { name: `States ${input.joinMode} ${TAG}`, maxMembers: 50, ...input },
    headers: originHeaders(),
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; code: string; name: string };
}

async function join(who: Player, code: string): Promise<string> {
  const response = await who.context.request.post('/api/leagues/join', {
    data: { code },
    headers: originHeaders(),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

/** The invite as the reader sees it: the notice's text, and whether Join League is offered. */
async function readInvite(page: Page, code: string): Promise<{ notice: string; hasJoin: boolean }> {
  await page.goto(`/join/${code}`);
  await page.getByRole('button', { name: 'Copy Link' }).waitFor();
  await waitForTheApp(page);
  const notice = page.getByTestId('invite-join-block');
  return {
    notice: (await notice.count()) > 0 ? ((await notice.textContent()) ?? '') : '',
    hasJoin: (await page.getByRole('button', { name: 'Join League' }).count()) > 0,
  };
}

describe('the invite page before the click', () => {
  // What the page says for each refusal (member, pending, kicked, deadline) and that Join League
  // is not offered are checked on the screen: apps/web/src/app/screens/league-invite-states.test.tsx.
  // Here: the server's own decision for a kicked player, in their time zone, read by axe.
  it('tells a kicked player when they may ask again, in their time zone, with no Join League', async () => {
    const admin = await player(`Ada Admin ${TAG}`);
    const league = await createLeague(admin, { joinMode: 'invite_only', joinDeadline: null });
    // Kicked in Tokyo: the moment rejoining opens is read in their own time zone.
    const kicked = await player(`Kit Kicked ${TAG}`, MOBILE, 'Asia/Tokyo');
    expect(await join(kicked, league.code)).toBe('pending');
    const members = await admin.context.request.get(`/api/leagues/${league.id}/members?status=pending`);
    const rows = ((await members.json()) as { members: { userId: string; fullName: string }[] }).members;
    const kickedId = rows.find((row) => row.fullName.startsWith('Kit Kicked'))?.userId ?? '';
    const decide = (status: string) =>
      admin.context.request.put(`/api/leagues/${league.id}/members/${kickedId}`, {
        data: { status },
        headers: originHeaders(),
      });
    expect((await decide('approved')).status()).toBe(200);
    const kick = await decide('kicked');
    expect(kick.status()).toBe(200);
    const rejoinAt = new Date(((await kick.json()) as { canRejoinAt: string }).canRejoinAt);
    const tokyo = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Asia/Tokyo' }).format(rejoinAt);
    const when = `${tokyo({ day: 'numeric', month: 'short', year: 'numeric' })} at ${tokyo({ hour: '2-digit', minute: '2-digit' })}`;

    expect(await readInvite(kicked.page, league.code)).toEqual({
      notice: `Rejoining Opens LaterYou were removed from this league. You can request to rejoin from ${when}.`,
      hasJoin: false,
    });
    await checkScreen(kicked.page, 'invite-kicked');
    await kicked.page.setViewportSize(DESKTOP);
    await screenshot(kicked.page, 'invite-kicked-desktop');
  });

  it('says a passed deadline before the click, to a visitor and to a player', async () => {
    const admin = await player(`Dee Deadline ${TAG}`);
    const league = await createLeague(admin, { joinMode: 'open', joinDeadline: '2025-08-20T17:00:00.000Z' });
    const fan = await player(`Fay Fan ${TAG}`, MOBILE);
    expect((await readInvite(fan.page, league.code)).hasJoin).toBe(true);
    await setServerClock({ at: '2025-08-20T18:00:00.000Z' });
    const expected = {
      notice:
        'Joining Has ClosedThe join deadline for this league has passed. The deadline was 20 Aug 2025 at 18:00.',
      hasJoin: false,
    };
    expect(await readInvite(fan.page, league.code)).toEqual(expected);
    await checkScreen(fan.page, 'invite-deadline-passed');
    const visitor = await browser().newContext({
      viewport: DESKTOP,
      baseURL: baseUrl(),
      timezoneId: 'Europe/London',
    });
    contexts.push(visitor);
    const visitorPage = await visitor.newPage();
    expect(await readInvite(visitorPage, league.code)).toEqual(expected);
    await screenshot(visitorPage, 'invite-deadline-passed-visitor-desktop');
  });
});

describe('a pending request on /leagues', () => {
  it('is withdrawn with Cancel Request once confirmed, and stays when kept', async () => {
    const admin = await player(`Ann Admin ${TAG}`);
    const league = await createLeague(admin, { joinMode: 'invite_only', joinDeadline: null });
    for (const viewport of [MOBILE, DESKTOP]) {
      const fan = await player(`Pete Pending ${TAG}`, viewport);
      expect(await join(fan, league.code)).toBe('pending');
      await fan.page.goto('/leagues');
      const card = fan.page.getByRole('article', { name: league.name });
      const cancel = card.getByRole('button', { name: `Cancel request to join ${league.name}` });
      await cancel.waitFor();
      await waitForTheApp(fan.page);

      await cancel.click();
      const dialog = fan.page.getByRole('dialog', { name: 'Cancel Request?' });
      await dialog.waitFor();
      await screenshot(fan.page, `league-cancel-request-dialog-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Keep Request' }).click();
      await dialog.waitFor({ state: 'detached' });
      const mine = async () => {
        const response = await fan.context.request.get('/api/leagues');
        const body = (await response.json()) as { leagues: { id: string; myStatus: string }[] };
        return body.leagues.find((row) => row.id === league.id)?.myStatus ?? 'none';
      };
      expect(await mine()).toBe('pending');

      await cancel.click();
      await dialog.getByRole('button', { name: 'Cancel Request' }).click();
      expect(await waitForToast(fan.page, 'Request Cancelled')).toContain(league.name);
      await card.waitFor({ state: 'detached' });
      expect(await mine()).toBe('none');
      await screenshot(fan.page, `league-cancel-request-done-${viewport.width}`);
    }
  });
});
