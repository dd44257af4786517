import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
} from './support/accounts.ts';
import { baseUrl, DESKTOP, MOBILE, screenshot, setUpBrowser, waitForTheApp } from './support/browser.ts';
import { resetServerClock } from './support/clock.ts';
import { originHeaders } from './support/notifications.ts';

/*
 * The league's member lists with a 100-character unbroken name (the admin's Members tab and
 * the members page, at 375 and 1280 px), and the members page for anybody but the admin.
 */
const browser = setUpBrowser();
const TAG = randomUUID().slice(0, 6);
// 100 characters with no space: the widest a name can be.
const UNBROKEN_NAME = `Bartholomew${'x'.repeat(89)}`;
const contexts: BrowserContext[] = [];
let league: { id: string; code: string; name: string };
let admin: BrowserContext;
let member: BrowserContext;

async function player(fullName: string, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  contexts.push(context);
  await signUpThroughApi(context, newAccount('members-fit'));
  await completeOnboardingThroughApi(context, { fullName });
  await pickSquadThroughApi(context);
  return context;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

beforeAll(async () => {
  expect(UNBROKEN_NAME).toHaveLength(100);
  await resetServerClock();
  admin = await player(`Alma Admin ${TAG}`);
  const created = await admin.request.post('/api/leagues', {
    data: { name: `Fit ${TAG}`, maxMembers: 50, joinMode: 'invite_only', joinDeadline: null },
    headers: originHeaders(),
  });
  expect(created.status(), await created.text()).toBe(201);
  league = (await created.json()) as typeof league;
  // One approved member and one waiting, both with the unbroken name.
  const join = async (who: BrowserContext) => {
    const joined = await who.request.post('/api/leagues/join', {
      data: { code: league.code },
      headers: originHeaders(),
    });
    expect(joined.status(), await joined.text()).toBe(200);
  };
  member = await player(UNBROKEN_NAME);
  await join(member);
  const pending = await admin.request.get(`/api/leagues/${league.id}/members?status=pending`);
  const [first] = ((await pending.json()) as { members: { userId: string }[] }).members;
  const approved = await admin.request.put(`/api/leagues/${league.id}/members/${first?.userId}`, {
    data: { status: 'approved' },
    headers: originHeaders(),
  });
  expect(approved.status()).toBe(200);
  await join(await player(UNBROKEN_NAME));
});

afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe('a 100-character unbroken name', () => {
  it('wraps on the admin’s Members tab and the members page, with no sideways scroll', async () => {
    const page = await admin.newPage();
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const [where, path] of [
        ['members-tab', `/leagues/${league.id}/admin?tab=members`],
        ['members-page', `/leagues/${league.id}/join-requests`],
      ] as const) {
        await page.goto(path);
        const names = page.getByText(UNBROKEN_NAME, { exact: true });
        await names.first().waitFor();
        await waitForTheApp(page);
        // The approved member and the waiting one.
        await expect.poll(() => names.count()).toBe(2);
        expect(await horizontalOverflow(page), `${where} at ${viewport.width}`).toBeLessThanOrEqual(0);
        // Wrapped inside the page, whole.
        for (const name of await names.all()) {
          const box = await name.boundingBox();
          expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
        await screenshot(page, `league-${where}-unbroken-name-${viewport.width}`);
      }
    }
  });
});

describe('the members page for anybody but the admin', () => {
  it('leads a member back to the league and a stranger back to /leagues, never to League Admin', async () => {
    const stranger = await player(`Sid Stranger ${TAG}`, MOBILE);
    for (const [who, label, href, arrival] of [
      [member, 'Back to League', `/leagues/${league.id}`, league.name],
      [stranger, 'Back to Leagues', '/leagues', 'Mini Leagues'],
    ] as const) {
      const page = await who.newPage();
      await page.goto(`/leagues/${league.id}/join-requests`);
      await page.getByRole('heading', { name: 'League Not Found' }).waitFor();
      // The top link (the not-found card has its own Back to Leagues).
      const back = page.getByRole('link', { name: label, exact: true }).first();
      await back.waitFor();
      expect(await back.getAttribute('href')).toBe(href);
      expect(await page.getByRole('link', { name: 'Back to League Admin' }).count()).toBe(0);
      await screenshot(page, `league-members-page-${label.toLowerCase().replaceAll(' ', '-')}`);
      await back.click();
      await page.waitForURL((url) => url.pathname === href);
      // Where it leads is a page they may see.
      await page.getByRole('heading', { name: arrival, exact: true }).waitFor();
      expect(await page.getByRole('heading', { name: 'League Not Found' }).count()).toBe(0);
      await page.close();
    }
  });
});
