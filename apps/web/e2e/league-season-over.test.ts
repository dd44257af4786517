import { randomUUID } from 'node:crypto';
import { SEASON_OVER_LEAGUE_MESSAGE } from '@hit21/core';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEASON_OVER_PENDING_NOTE } from '../src/features/leagues/components/season-over-notice.tsx';
import {
  completeOnboardingThroughApi,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
} from './support/accounts.ts';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  MOBILE,
  screenshot,
  setUpBrowser,
  waitForTheApp,
} from './support/browser.ts';
import { resetServerClock, setServerClock } from './support/clock.ts';

const browser = setUpBrowser();

/* After gameweek 38 no league is created or joined: every screen that would offer it says so. */
const TAG = randomUUID().slice(0, 6);
const AFTER_THE_SEASON = '2026-06-01T12:00:00Z';
const contexts: BrowserContext[] = [];
let code = '';
let leagueName = '';
let waiting: BrowserContext;

async function readyContext(fullName: string, viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  contexts.push(context);
  await signUpThroughApi(context, newAccount('season-over'));
  await completeOnboardingThroughApi(context, { fullName });
  await pickSquadThroughApi(context);
  return context;
}

const originHeaders = () => ({ Origin: new URL(baseUrl()).origin });

beforeAll(async () => {
  await resetServerClock();
  const admin = await readyContext(`Ada Admin ${TAG}`);
  leagueName = `Last Orders ${TAG}`;
  const created = await admin.request.post('/api/leagues', {
    data: { name: leagueName, maxMembers: 50, joinMode: 'invite_only', joinDeadline: null },
    headers: originHeaders(),
  });
  expect(created.status(), await created.text()).toBe(201);
  code = ((await created.json()) as { code: string }).code;
  waiting = await readyContext(`Wes Waiting ${TAG}`);
  const asked = await waiting.request.post('/api/leagues/join', { data: { code }, headers: originHeaders() });
  expect(asked.status(), await asked.text()).toBe(200);
  await setServerClock({ at: AFTER_THE_SEASON });
});

afterAll(async () => {
  await resetServerClock();
  for (const context of contexts) await context.close();
});

describe('after the season', () => {
  for (const [label, viewport] of [
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`/leagues says the season is over instead of creating or joining, and the pending card says why (${label})`, async () => {
      const page = await waiting.newPage();
      await page.setViewportSize(viewport);
      await page.goto('/leagues');
      await waitForTheApp(page);
      const card = page.getByRole('article', { name: leagueName });
      await card.getByText(SEASON_OVER_PENDING_NOTE).waitFor();
      await screenshot(page, `season-over-pending-card-${label}`);

      await page.getByRole('button', { name: 'Create League' }).first().click();
      const create = page.getByRole('dialog', { name: 'Create League' });
      await create.getByText(SEASON_OVER_LEAGUE_MESSAGE).waitFor();
      expect(await create.getByLabel('League Name').count()).toBe(0);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, `season-over-create-${label}`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Join League' }).first().click();
      const join = page.getByRole('dialog', { name: 'Join League' });
      await join.getByText(SEASON_OVER_LEAGUE_MESSAGE).waitFor();
      expect(await join.getByLabel('League Code').count()).toBe(0);
      await screenshot(page, `season-over-join-${label}`);
      await page.close();
    });

    it(`the invite page says the season is over and offers no Join League (${label})`, async () => {
      const context = await browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`/join/${code}`);
      await page.getByRole('main').getByText(SEASON_OVER_LEAGUE_MESSAGE).waitFor();
      expect(await page.getByRole('button', { name: 'Join League' }).count()).toBe(0);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, `season-over-invite-${label}`);
    });
  }

  it("the dashboard's league panel says the season is over where its forms would open", async () => {
    const page = await waiting.newPage();
    await page.goto('/dashboard');
    await waitForTheApp(page);
    const panel = page.getByRole('region', { name: 'Leagues' });
    await panel.getByText(SEASON_OVER_PENDING_NOTE).waitFor();
    await panel.getByRole('button', { name: 'Create League' }).click();
    await panel.getByText(SEASON_OVER_LEAGUE_MESSAGE).waitFor();
    await screenshot(page, 'season-over-dashboard-panel');
    await page.close();
  });
});
