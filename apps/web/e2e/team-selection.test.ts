import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  dismissToasts,
  pickSquadThroughApi,
  signUpThroughApi,
  toastText,
} from './support/accounts.ts';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  MOBILE,
  screenshot,
  setUpBrowser,
} from './support/browser.ts';
import { resetServerClock, setServerClock } from './support/clock.ts';

const browser = setUpBrowser();
// A test that checks two or three screens' states in one visit needs more than the default limit.
const MERGED_TEST_MS = 150_000;

interface ApiPlayer {
  id: string;
  name: string;
  webName: string;
  position: string;
  clubCode: string;
  clubName: string;
  goals: number;
  lastSeasonGoals: number;
}
interface ApiPage {
  players: ApiPlayer[];
  total: number;
  isUnscoredOnly: boolean;
}

/** A signed-up, onboarded user in a fresh context; the page is not opened yet. */
async function onboardedContext(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  await signUpThroughApi(context);
  await completeOnboardingThroughApi(context);
  return { context, page: await context.newPage() };
}

async function openPicker(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const session = await onboardedContext(viewport);
  await session.page.goto('/player-selection');
  await session.page.getByRole('heading', { level: 1, name: 'Make Your Picks' }).waitFor();
  await session.page.getByTestId('player-card').first().waitFor();
  return session;
}

/** What the server answers for the same query, to compare with the screen. */
async function apiPlayers(page: Page, params: Record<string, string | number>): Promise<ApiPage> {
  const response = await page.request.get('/api/players', { params });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ApiPage;
}

const results = (page: Page) => page.getByTestId('player-results');

/** The players on screen, in order, read from their ADD/REMOVE buttons. */
async function shownNames(page: Page): Promise<string[]> {
  const labels = await results(page)
    .getByRole('button', { name: /^(Add|Remove) / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^(Add|Remove) /, ''));
}

async function expectShown(page: Page, expected: ApiPage): Promise<void> {
  await expect
    .poll(() => shownNames(page), { timeout: 10_000 })
    .toEqual(expected.players.map((player) => player.name));
}

async function showingLine(page: Page): Promise<string> {
  const line = page.getByText(/^Showing \d+ to \d+ of \d+ players?$/);
  await line.waitFor();
  return ((await line.textContent()) ?? '').replace(/\s+/g, ' ');
}

async function expectShowing(page: Page, text: string): Promise<void> {
  await expect.poll(() => showingLine(page), { timeout: 10_000 }).toBe(text);
}

async function pitchNames(page: Page): Promise<string[]> {
  return page
    .getByTestId('pitch-player-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

async function counter(page: Page): Promise<string> {
  return ((await page.getByText('PLAYERS SELECTED').textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

function errorAlert(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: /\S/ });
}

async function savedSquadIds(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/squad');
  expect(response.status()).toBe(200);
  const squad = (await response.json()) as { picks: { playerId: string }[] };
  return squad.picks.map((pick) => pick.playerId);
}

/** Adds the first `count` players of the current page that are not picked yet, with their ADD buttons. */
async function addFromList(page: Page, count: number): Promise<string[]> {
  const added: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const button = results(page).getByRole('button', { name: /^Add / }).first();
    const label = (await button.getAttribute('aria-label')) ?? '';
    await button.click();
    added.push(label.replace(/^Add /, ''));
    await expect.poll(() => pitchNames(page)).toContain(added.at(-1));
  }
  return added;
}

async function viewportScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

describe('Make Your Picks', () => {
  it('filters, sorts and pages the players on the server', async () => {
    const { context, page } = await openPicker();
    try {
      expect(await page.getByText('Select 4 players to score 21 goals this season').count()).toBe(1);
      expect(await counter(page)).toBe('PLAYERS SELECTED 0/4');
      expect(await page.getByRole('button', { name: 'CONFIRM TEAM' }).isDisabled()).toBe(true);

      const all = await apiPlayers(page, { page: 1, pageSize: 20 });
      const pageCount = Math.ceil(all.total / 20);
      expect(pageCount).toBeGreaterThan(5);
      await expectShown(page, all);
      await expectShowing(page, `Showing 1 to 20 of ${all.total} players`);
      expect(await page.getByText(`${all.total} players · Page 1 of ${pageCount}`).count()).toBe(1);
      // Near the start: 1-5, an ellipsis, the last page.
      const strip = page
        .getByRole('navigation', { name: 'Player list pages' })
        .getByRole('button', { name: /^Page / });
      expect(await strip.allTextContents()).toEqual(['1', '2', '3', '4', '5', String(pageCount)]);

      // Search: commas removed, trimmed, sent 500 ms after the last keystroke.
      const search = page.getByRole('searchbox', { name: 'Search players' });
      const searchRequest = page.waitForRequest((request) => request.url().includes('search='));
      await search.pressSequentially('Saka,', { delay: 40 });
      const typedAt = Date.now();
      const sent = new URL((await searchRequest).url());
      expect(Date.now() - typedAt).toBeGreaterThanOrEqual(400);
      expect(sent.searchParams.get('search')).toBe('Saka');
      expect(sent.searchParams.get('page')).toBe('1');
      const saka = await apiPlayers(page, { search: 'Saka', pageSize: 20 });
      expect(saka.total).toBeGreaterThan(0);
      await expectShown(page, saka);
      // One match: "1 player", never "1 players".
      await search.fill('Gündoğan');
      await expectShowing(page, 'Showing 1 to 1 of 1 player');
      expect(
        await page
          .getByText(/^1 players?\b/)
          .first()
          .innerText(),
      ).toMatch(/^1 player\b/);
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expectShown(page, all);

      // A page further on, then a filter: back to page 1.
      await page.getByRole('button', { name: 'Page 2' }).click();
      await expectShowing(page, `Showing 21 to 40 of ${all.total} players`);
      await page.getByRole('combobox', { name: 'Team' }).click();
      await page.getByRole('option', { name: 'Arsenal' }).click();
      const arsenal = await apiPlayers(page, { club: 'ARS', pageSize: 20 });
      expect(arsenal.players.every((player) => player.clubCode === 'ARS')).toBe(true);
      await expectShown(page, arsenal);
      await expectShowing(page, `Showing 1 to ${Math.min(20, arsenal.total)} of ${arsenal.total} players`);

      await page.getByRole('combobox', { name: 'Position' }).click();
      await page.getByRole('option', { name: 'Forward' }).click();
      const arsenalForwards = await apiPlayers(page, { club: 'ARS', position: 'forward', pageSize: 20 });
      expect(arsenalForwards.players.every((player) => player.position === 'forward')).toBe(true);
      await expectShown(page, arsenalForwards);
      await page.getByRole('combobox', { name: 'Team' }).click();
      await page.getByRole('option', { name: 'ALL TEAMS' }).click();

      // GOALS: bounds on last season's goals, applied with Apply.
      await page.getByRole('button', { name: /^Goals/ }).click();
      expect(await page.getByLabel('Min Goals').getAttribute('placeholder')).toBe('0');
      expect(await page.getByLabel('Max Goals').getAttribute('placeholder')).toBe('20');
      await page.getByLabel('Min Goals').fill('5');
      await page.getByLabel('Max Goals').fill('10');
      await page.getByRole('button', { name: 'Apply' }).click();
      const forwards5to10 = await apiPlayers(page, {
        position: 'forward',
        minGoals: 5,
        maxGoals: 10,
        pageSize: 20,
      });
      expect(
        forwards5to10.players.every((player) => player.lastSeasonGoals >= 5 && player.lastSeasonGoals <= 10),
      ).toBe(true);
      await expectShown(page, forwards5to10);
      await screenshot(page, 'player-selection-filtered-desktop');

      // Sorting: a new column ascending, the same column again descending, CLEAR SORT.
      await page.getByRole('button', { name: /^GOALS/ }).click();
      await expectShown(
        page,
        await apiPlayers(page, {
          position: 'forward',
          minGoals: 5,
          maxGoals: 10,
          sort: 'total_goals',
          order: 'asc',
        }),
      );
      await page.getByRole('button', { name: /^GOALS/ }).click();
      const byGoalsDesc = await apiPlayers(page, {
        position: 'forward',
        minGoals: 5,
        maxGoals: 10,
        sort: 'total_goals',
        order: 'desc',
      });
      expect(byGoalsDesc.players[0]?.lastSeasonGoals).toBe(10);
      await expectShown(page, byGoalsDesc);
      expect(await page.getByRole('button', { name: /^GOALS/ }).getAttribute('aria-pressed')).toBe('true');

      // Nothing matches: the empty state clears every filter at once, and keeps the sort.
      await search.fill('zzzz');
      await page.getByRole('heading', { name: 'No Players Found' }).waitFor();
      expect(await page.getByText('Try adjusting your search or filters to find more players.').count()).toBe(
        1,
      );
      await page.getByRole('button', { name: 'Clear All Filters' }).click();
      await expectShown(page, await apiPlayers(page, { sort: 'total_goals', order: 'desc', pageSize: 20 }));
      expect(await search.inputValue()).toBe('');

      await page.getByRole('button', { name: /^TEAM/ }).click();
      await expectShown(page, await apiPlayers(page, { sort: 'team', order: 'asc', pageSize: 20 }));
      await page.getByRole('button', { name: 'CLEAR SORT' }).click();
      await expectShown(page, all);

      // Paging: Next, Last, Go to (as typed, clamped), and each jump shows the list from its top.
      const list = results(page);
      await list.evaluate((element) => element.scrollTo({ top: 400 }));
      expect(await list.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Next page' }).click();
      await expectShowing(page, `Showing 21 to 40 of ${all.total} players`);
      expect(await list.evaluate((element) => element.scrollTop)).toBe(0);
      await page.getByRole('button', { name: 'Last page' }).click();
      await expectShowing(
        page,
        `Showing ${(pageCount - 1) * 20 + 1} to ${all.total} of ${all.total} players`,
      );
      expect(await strip.allTextContents()).toEqual([
        '1',
        ...Array.from({ length: 5 }, (_, index) => String(pageCount - 4 + index)),
      ]);
      await expectShown(page, await apiPlayers(page, { page: pageCount, pageSize: 20 }));
      const goTo = page.getByRole('spinbutton', { name: 'Go to' });
      await goTo.fill('7');
      await expectShowing(page, `Showing 121 to 140 of ${all.total} players`);
      // In the middle: first, ellipsis, current-1..current+1, ellipsis, last.
      expect(await strip.allTextContents()).toEqual(['1', '6', '7', '8', String(pageCount)]);
      await goTo.fill('999');
      await expectShowing(
        page,
        `Showing ${(pageCount - 1) * 20 + 1} to ${all.total} of ${all.total} players`,
      );
      // The box shows the page it went to, not the 999 typed.
      expect(await goTo.inputValue()).toBe(String(pageCount));
      // Whole numbers only: the decimal point is refused as it is typed, and a pasted "2.5" goes nowhere.
      await goTo.fill('');
      await goTo.pressSequentially('2.5');
      expect(await goTo.inputValue()).toBe('25');
      await expectShowing(page, `Showing 481 to 500 of ${all.total} players`);
      await goTo.fill('2.5');
      expect(await goTo.inputValue()).toBe('25');
      await expectShowing(page, `Showing 481 to 500 of ${all.total} players`);
      await page.getByRole('button', { name: 'First page' }).click();
      await expectShowing(page, `Showing 1 to 20 of ${all.total} players`);

      await page.getByRole('combobox', { name: 'Players per page' }).click();
      await page.getByRole('option', { name: '40' }).click();
      await expectShowing(page, `Showing 1 to 40 of ${all.total} players`);

      await page.getByRole('button', { name: 'List view' }).click();
      expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
      await expectShown(page, await apiPlayers(page, { pageSize: 40 }));
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'player-selection-list-desktop');
    } finally {
      await context.close();
    }
  });

  it('auto picks 1-10 goal forwards and midfielders, says when it falls short, and resets', async () => {
    const { context, page } = await openPicker();
    try {
      await page.getByRole('button', { name: 'AUTO PICK' }).click();
      await expect.poll(() => pitchNames(page)).toHaveLength(4);
      expect(await counter(page)).toBe('PLAYERS SELECTED 4/4');
      expect(await errorAlert(page).count()).toBe(0);
      const everyone = await apiPlayers(page, { minGoals: 1, maxGoals: 10, pageSize: 100 });
      const candidates = [...everyone.players];
      for (let next = 2; candidates.length < everyone.total; next += 1) {
        candidates.push(
          ...(await apiPlayers(page, { minGoals: 1, maxGoals: 10, pageSize: 100, page: next })).players,
        );
      }
      const picked = (await pitchNames(page)).map((name) =>
        candidates.find((player) => player.name === name),
      );
      for (const player of picked) {
        expect(player, 'every pick has 1 to 10 goals last season').toBeDefined();
        expect(['forward', 'midfielder']).toContain(player?.position);
      }
      expect(new Set(picked.map((player) => player?.clubCode)).size).toBe(4);
      expect(picked.filter((player) => player?.position === 'forward')).toHaveLength(2);
      expect(await page.getByRole('button', { name: 'CONFIRM TEAM' }).isEnabled()).toBe(true);
      await screenshot(page, 'player-selection-auto-picked-desktop');

      // RESET empties the squad.
      await page.getByRole('button', { name: 'RESET' }).click();
      expect(await pitchNames(page)).toEqual([]);
      expect(await counter(page)).toBe('PLAYERS SELECTED 0/4');
      expect(await page.getByTestId('pitch-empty-slot').count()).toBe(4);

      // Only one suitable player among the filtered ones: a partial squad and a message.
      const one = (await apiPlayers(page, { minGoals: 1, maxGoals: 10, pageSize: 100 })).players.find(
        (player) => player.webName.length >= 5,
      );
      if (!one) throw new Error('No player with 1-10 goals last season');
      const onlyHim = await apiPlayers(page, { search: one.name, minGoals: 1, maxGoals: 10 });
      expect(onlyHim.total).toBe(1);
      await page.getByRole('searchbox', { name: 'Search players' }).fill(one.name);
      await expectShown(page, await apiPlayers(page, { search: one.name, pageSize: 20 }));
      await page.getByRole('button', { name: 'AUTO PICK' }).click();
      await errorAlert(page)
        .getByText(
          'Only 1 suitable players found (1-10 goals last season). Please select the remaining players manually.',
        )
        .waitFor();
      expect(await pitchNames(page)).toEqual([one.name]);

      // Nobody suitable (more than 10 goals last season only): nothing changes.
      await page.getByRole('button', { name: 'Clear search' }).click();
      await page.getByRole('button', { name: /^Goals/ }).click();
      await page.getByLabel('Min Goals').fill('15');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('button', { name: 'AUTO PICK' }).click();
      await errorAlert(page)
        .getByText('No suitable players found (1-10 goals last season). Please select players manually.')
        .waitFor();
      expect(await pitchNames(page)).toEqual([one.name]);

      await page.getByRole('button', { name: 'RESET' }).click();
      expect(await pitchNames(page)).toEqual([]);
      expect(await errorAlert(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it(
    'refuses a fifth player and a duplicate, says why a save failed, then confirms and saves',
    async () => {
      const { context, page } = await openPicker();
      try {
        const added = await addFromList(page, 4);
        expect(await counter(page)).toBe('PLAYERS SELECTED 4/4');

        await results(page).getByRole('button', { name: /^Add / }).first().click();
        const full = errorAlert(page).getByText('You can only select 4 players');
        await full.waitFor();
        const shownAt = Date.now();
        await page.waitForTimeout(1000);
        expect(await full.count()).toBe(1);
        await full.waitFor({ state: 'detached', timeout: 3000 });
        expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
        expect(await pitchNames(page)).toEqual(added);

        // A picked player's card still takes a click: the game says he is on the squad already.
        const pickedCard = page.getByTestId('player-card').filter({ hasText: added[1] as string });
        expect(await pickedCard.getAttribute('data-picked')).toBe('true');
        await pickedCard.getByText(added[1] as string, { exact: true }).click();
        const duplicate = errorAlert(page).getByText('Player already selected');
        await duplicate.waitFor();
        await page.waitForTimeout(2500);
        expect(await duplicate.count()).toBe(1);

        // REMOVE on the pitch frees a slot and clears the message.
        await page
          .getByRole('button', { name: `Remove ${added[0]}` })
          .first()
          .click();
        expect(await pitchNames(page)).toEqual(added.slice(1));
        expect(await errorAlert(page).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'CONFIRM TEAM' }).isDisabled()).toBe(true);

        // A failed save says why and keeps the picks on screen.
        await addFromList(page, 1);
        const added4 = await pitchNames(page);
        const failSave = (route: Route) =>
          route.request().method() === 'PUT'
            ? route.fulfill({
                status: 503,
                json: { code: 'INTERNAL', message: 'down', userMessage: 'The server is busy.' },
              })
            : route.fallback();
        await context.route('**/api/squad', failSave);
        await page.getByRole('button', { name: 'CONFIRM TEAM' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        expect(await toastText(page, 'Selection Failed')).toContain(
          'Failed to save selections: The server is busy.',
        );
        await errorAlert(page).getByText('Failed to save selections: The server is busy.').waitFor();
        expect(await page.getByRole('dialog').count()).toBe(0);
        expect(page.url()).toContain('/player-selection');
        expect(await pitchNames(page)).toEqual(added4);
        await context.unroute('**/api/squad', failSave);
        await dismissToasts(page);

        // The modal names the picks and their goals; Cancel saves nothing, Confirm saves and leaves.
        const firstPage = await apiPlayers(page, { pageSize: 20 });
        const chosen = added4.map(
          (name) => firstPage.players.find((player) => player.name === name) as ApiPlayer,
        );
        await page.getByRole('button', { name: 'CONFIRM TEAM' }).click();
        const dialog = page.getByRole('dialog', { name: 'Confirm Your Selections' });
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(
          "You're about to save your picks with 4 players. You can edit your picks anytime.",
        );
        for (const player of chosen) expect(await dialog.textContent()).toContain(player.name);
        expect(await dialog.getByTestId('total-last-season-goals').textContent()).toBe(
          String(chosen.reduce((sum, player) => sum + player.lastSeasonGoals, 0)),
        );
        expect(await dialog.getByText('Total Last Season Goals').count()).toBe(1);
        await expectNoSeriousAxeViolations(page);
        await screenshot(page, 'player-selection-confirm-desktop');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await savedSquadIds(page)).toEqual([]);

        await page.getByRole('button', { name: 'CONFIRM TEAM' }).click();
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        expect(await toastText(page, 'Team Selected!')).toContain(
          'Your 4 players have been successfully selected.',
        );
        await page.waitForURL('**/dashboard');
        expect(await savedSquadIds(page)).toEqual(chosen.map((player) => player.id));

        // Picked: the selection screen is behind the player.
        await page.goto('/player-selection');
        await page.waitForURL('**/dashboard');
      } finally {
        await context.close();
      }
    },
    MERGED_TEST_MS,
  );

  it('works with the keyboard alone', async () => {
    const { context, page } = await openPicker();
    try {
      const search = page.getByRole('searchbox', { name: 'Search players' });
      await search.focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Team');
      await page.keyboard.press('Enter');
      // The list takes focus once open; typing then jumps to a club.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
        .toBe('option');
      await page.keyboard.type('Chel');
      await page.getByRole('option', { name: 'Chelsea' }).and(page.locator('[data-highlighted]')).waitFor();
      await page.keyboard.press('Enter');
      await expectShown(page, await apiPlayers(page, { club: 'CHE', pageSize: 20 }));

      // Tab through the sort links to GOALS and sort with Enter.
      const goals = page.getByRole('button', { name: /^GOALS/ });
      await goals.focus();
      await page.keyboard.press('Enter');
      await expectShown(page, await apiPlayers(page, { club: 'CHE', sort: 'total_goals', order: 'asc' }));

      // The first ADD button, reached with Tab, adds with Enter; its card is not an extra stop.
      const firstAdd = results(page).getByRole('button', { name: /^Add / }).first();
      const name = ((await firstAdd.getAttribute('aria-label')) ?? '').replace(/^Add /, '');
      await firstAdd.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => pitchNames(page)).toEqual([name]);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Add /);

      // An empty pitch slot takes the keyboard to the search box.
      await page
        .getByRole('button', { name: /^Add Player/ })
        .first()
        .focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
        .toBe('search');
      await page.getByRole('status').getByText('Select your player!').waitFor();
    } finally {
      await context.close();
    }
  });

  it('looks right and passes the accessibility check on a phone', async () => {
    const { context, page } = await openPicker(MOBILE);
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'player-selection-grid-mobile');
      const total = (await apiPlayers(page, { pageSize: 20 })).total;
      // Phones get Previous, "n of m" and Next.
      await page.getByText(`1 of ${Math.ceil(total / 20)}`, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByText(`2 of ${Math.ceil(total / 20)}`, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Last page' }).count()).toBe(0);

      await page.getByRole('button', { name: 'List view' }).click();
      await page.getByRole('button', { name: /^Goals/ }).click();
      await page.getByLabel('Min Goals').fill('12');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expectShown(page, await apiPlayers(page, { minGoals: 12, pageSize: 20 }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'player-selection-list-filtered-mobile');

      await page.getByRole('button', { name: 'AUTO PICK' }).click();
      await expect.poll(() => pitchNames(page)).toHaveLength(0);
      await errorAlert(page).waitFor();
      await page.getByRole('button', { name: /^Goals/ }).click();
      await page.getByRole('button', { name: 'Clear', exact: true }).click();
      await page.getByRole('button', { name: 'AUTO PICK' }).click();
      await expect.poll(() => pitchNames(page)).toHaveLength(4);
      await viewportScreenshot(page, 'player-selection-pitch-mobile');
      await page.getByRole('button', { name: 'CONFIRM TEAM' }).click();
      await page.getByRole('dialog', { name: 'Confirm Your Selections' }).waitFor();
      await expectNoSeriousAxeViolations(page);
      await viewportScreenshot(page, 'player-selection-confirm-mobile');
    } finally {
      await context.close();
    }
  });
});

describe('Edit Your Team', () => {
  async function openEditor(viewport = DESKTOP) {
    const session = await onboardedContext(viewport);
    const picks = await pickSquadThroughApi(session.context);
    await session.page.goto('/edit-players');
    await session.page.getByRole('heading', { level: 1, name: 'Edit Your Team' }).waitFor();
    await session.page.getByTestId('pitch-player-card').first().waitFor();
    return { ...session, picks };
  }

  it('opens with the saved team, points an empty slot at the list and updates the team', async () => {
    const { context, page, picks } = await openEditor();
    try {
      expect(await page.getByText('Make your changes before the whistle blows.').count()).toBe(1);
      expect(await pitchNames(page)).toEqual(picks.map((pick) => pick.name));
      expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
        '/dashboard',
      );
      await expectShowing(page, `Showing 1 to 20 of ${(await apiPlayers(page, {})).total} players`);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'edit-players-grid-desktop');
      await page.getByRole('button', { name: 'List view' }).click();
      await page.getByRole('combobox', { name: 'Position' }).click();
      await page.getByRole('option', { name: 'Midfielder' }).click();
      await expectShown(page, await apiPlayers(page, { position: 'midfielder', pageSize: 20 }));
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, 'edit-players-list-filtered-desktop');
      await page.getByRole('combobox', { name: 'Position' }).click();
      await page.getByRole('option', { name: 'ALL POSITIONS' }).click();

      await page.getByRole('button', { name: `Remove ${picks[3]?.name}` }).click();
      expect(await counter(page)).toBe('PLAYERS SELECTED 3/4');

      // The empty slot scrolls to the players; the hint shows after 0.5 s, for about 2 s.
      const hint = page.getByRole('status').getByText('Select your player!');
      await page.getByRole('button', { name: /^Add Player/ }).click();
      const clickedAt = Date.now();
      await hint.waitFor();
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(400);
      expect(
        await page
          .getByRole('heading', { name: 'Available Players' })
          .evaluate((heading) => heading.getBoundingClientRect().top),
      ).toBeLessThan(300);
      await hint.waitFor({ state: 'detached', timeout: 3500 });
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2300);

      const replacement = (await apiPlayers(page, { search: 'Palmer', position: 'midfielder' })).players[0];
      if (!replacement) throw new Error('No Palmer in midfield');
      await page.getByRole('searchbox', { name: 'Search players' }).fill('Palmer');
      await page.getByRole('button', { name: `Add ${replacement.name}` }).click();
      await page.getByRole('button', { name: 'CONFIRM TEAM' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Your Changes' });
      await dialog.waitFor();
      await screenshot(page, 'edit-players-confirm-desktop');
      await dialog.getByRole('button', { name: 'Update Team' }).click();
      expect(await toastText(page, 'Team Updated!')).toContain(
        'Your player selections have been updated successfully.',
      );
      await page.waitForURL('**/dashboard');
      expect(await savedSquadIds(page)).toEqual([
        ...picks.slice(0, 3).map((pick) => pick.playerId),
        replacement.id,
      ]);
    } finally {
      await context.close();
    }
  });

  it(
    'says the saved team is untouched when an update fails, and is closed after the deadline',
    async () => {
      const { context, page, picks } = await openEditor(MOBILE);
      try {
        await expectNoSeriousAxeViolations(page);
        await screenshot(page, 'edit-players-grid-mobile');
        await context.route('**/api/squad', (route) =>
          route.request().method() === 'PUT' ? route.abort('connectionreset') : route.fallback(),
        );
        await page.getByRole('button', { name: `Remove ${picks[0]?.name}` }).click();
        await page.getByRole('button', { name: 'List view' }).click();
        await page.getByRole('searchbox', { name: 'Search players' }).fill('son');
        await expectShown(page, await apiPlayers(page, { search: 'son', pageSize: 20 }));
        await screenshot(page, 'edit-players-list-filtered-mobile');
        await addFromList(page, 1);
        await page.getByRole('button', { name: 'CONFIRM TEAM' }).click();
        await page.getByRole('dialog', { name: 'Confirm Your Changes' }).waitFor();
        await viewportScreenshot(page, 'edit-players-confirm-mobile');
        await page.getByRole('dialog').getByRole('button', { name: 'Update Team' }).click();
        expect(await toastText(page, 'Update Failed')).toContain(
          'Failed to save your selections. Please try again.',
        );
        expect(await toastText(page, 'Selections Restored')).toContain(
          'Your previous selections have been restored due to the update failure.',
        );
        await errorAlert(page).getByText('Failed to save your selections. Please try again.').waitFor();
        expect(await savedSquadIds(page)).toEqual(picks.map((pick) => pick.playerId));

        // After the deadline the route goes to the dashboard and the server refuses edits.
        await setServerClock({ at: '2025-08-16T12:00:00Z' });
        await page.goto('/edit-players');
        await page.waitForURL('**/dashboard');
        const refused = await page.request.put('/api/squad', {
          data: { playerIds: [...picks.slice(1).map((pick) => pick.playerId), picks[0]?.playerId] },
          headers: { Origin: new URL(baseUrl()).origin },
        });
        expect(refused.status()).toBe(403);
        expect(await savedSquadIds(page)).toEqual(picks.map((pick) => pick.playerId));
      } finally {
        await resetServerClock();
        await context.close();
      }
    },
    MERGED_TEST_MS,
  );
});

describe('a first team after the deadline', () => {
  it(
    'tells a late joiner that only players on 0 goals are available, and offers no save once the season is over',
    async () => {
      await setServerClock({ afterGameweek: 3 });
      try {
        const { context, page } = await openPicker();
        try {
          await page
            .getByText(
              'Now that the season has started, only players with 0 goals this season are available.',
            )
            .waitFor();
          const answer = await apiPlayers(page, { pageSize: 20 });
          expect(answer.isUnscoredOnly).toBe(true);
          expect(answer.players.every((player) => player.goals === 0)).toBe(true);
          await expectShown(page, answer);
          await expectNoSeriousAxeViolations(page);

          // The same player once the season is over.
          await setServerClock({ at: '2026-06-01T12:00:00Z' });
          await page.reload();
          await page.getByText('The season is over: teams can no longer be picked.').waitFor();
          await page.getByTestId('player-card').first().waitFor();
          expect(await page.getByRole('button', { name: 'AUTO PICK' }).isDisabled()).toBe(true);
          await addFromList(page, 4);
          expect(await page.getByRole('button', { name: 'CONFIRM TEAM' }).isDisabled()).toBe(true);
        } finally {
          await context.close();
        }
      } finally {
        await resetServerClock();
      }
    },
    MERGED_TEST_MS,
  );
});
