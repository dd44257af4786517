import { type CreatedLeague, formatLeagueDateTime } from '@hit21/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { demoStart } from '../../server/src/plugins/app/demo/demo-clock.ts';
import {
  completeOnboardingThroughApi,
  dismissToasts,
  pickSquadThroughApi,
  signUpThroughApi,
  toastText,
} from './support/accounts.ts';
import { captureAnalytics, sentEvents } from './support/analytics.ts';
import { baseUrl, DESKTOP, expectNoSeriousAxeViolations, MOBILE, setUpBrowser } from './support/browser.ts';
import { committedSeason, resetServerClock, setServerClock } from './support/clock.ts';

const browser = setUpBrowser();
// Several people, many screens and an accessibility scan or two per test.
const LONG_TEST_MS = 240_000;
// The reader's zone differs from the server's UTC, so a refusal naming a moment must be reworded.
const READER_TIME_ZONE = 'America/New_York';

afterEach(async () => {
  await resetServerClock();
});

/** A signed-in player who has onboarded and picked a squad, in a fresh browser context. */
async function player(
  name: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser().newContext({
    viewport,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
    timezoneId: READER_TIME_ZONE,
    hasTouch: viewport === MOBILE,
  });
  // A missing element fails with its locator, well inside the test's own time limit.
  context.setDefaultTimeout(15_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  // Chromium on Linux has no share sheet; make sure of it, so Share falls back to copying the link.
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await captureAnalytics(context);
  const { email } = await signUpThroughApi(context);
  await completeOnboardingThroughApi(context, { fullName: name });
  await pickSquadThroughApi(context);
  return { context, page: await context.newPage(), email };
}

function originHeaders(): Record<string, string> {
  return { Origin: new URL(baseUrl()).origin };
}

async function createThroughApi(
  context: BrowserContext,
  input: { name: string; joinMode?: string; maxMembers?: number; joinDeadline?: string | null },
): Promise<CreatedLeague> {
  const response = await context.request.post('/api/leagues', { data: input, headers: originHeaders() });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedLeague;
}

async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

function card(page: Page, leagueName: string) {
  return page.getByRole('article', { name: leagueName, exact: true });
}

async function joinByCodeOnLeaguesPage(page: Page, code: string): Promise<void> {
  await page.locator('main').getByRole('button', { name: 'Join League' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Join League' });
  await dialog.getByLabel('League Code').fill(code);
  await dialog.getByRole('button', { name: 'Join League' }).click();
}

describe('Mini Leagues: /leagues, creating, the created page and joining by code', () => {
  it(
    'shows the empty state, creates a league from /leagues and lands on /leagues/created',
    async () => {
      const { context, page } = await player('Casey Admin');
      await page.goto('/leagues');
      await page.getByRole('heading', { level: 1, name: 'Mini Leagues' }).waitFor();
      await page.getByRole('heading', { name: 'No Leagues Yet' }).waitFor();
      await expect
        .poll(() => page.getByText('No leagues yet. Create or join a league to get started!').isVisible())
        .toBe(true);
      await expectNoSeriousAxeViolations(page);
      await shot(page, 'leagues-empty-1280');

      // The name is required after trimming: inline and as a "Validation Error" toast.
      await page.getByRole('button', { name: 'Create League' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create League' });
      await dialog.getByLabel('League Name').fill('   ');
      await dialog.getByRole('button', { name: 'Create League' }).click();
      expect(await toastText(page, 'Validation Error')).toContain('Please enter a league name');
      await expect.poll(() => dialog.getByText('Please enter a league name').isVisible()).toBe(true);

      // Defaults: 50 members, invite only.
      await expect.poll(() => dialog.getByLabel('Maximum Members').textContent()).toBe('50');
      expect(await dialog.getByRole('radio', { name: /Invite Only/ }).isChecked()).toBe(true);
      await dismissToasts(page);
      await shot(page, 'leagues-create-dialog-1280');

      await dialog.getByLabel('League Name').fill('  Sunday Legends  ');
      await dialog.getByLabel('Maximum Members').click();
      await page.getByRole('option', { name: 'Unlimited' }).click();
      await dialog.getByRole('radio', { name: /Open/ }).check();
      await dialog.getByRole('button', { name: 'Create League' }).click();
      expect(await toastText(page, 'League created successfully!')).toContain('Sunday Legends');
      // Still here for the pause, then the created page.
      expect(new URL(page.url()).pathname).toBe('/leagues');
      await page.waitForURL('**/leagues/created');

      await page.getByRole('heading', { level: 1, name: 'League Created' }).waitFor();
      await expect.poll(() => page.title()).toBe('League Created | Hit21');
      const code = ((await page.getByTestId('league-code').textContent()) ?? '').trim();
      expect(code).toMatch(/^[A-Z0-9]{8}$/);
      const origin = new URL(baseUrl()).origin;
      expect(await page.getByRole('textbox', { name: 'Invite Link', exact: true }).inputValue()).toBe(
        `${origin}/join/${code}`,
      );
      await expect.poll(() => page.getByText('Open · Unlimited').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Manage League' }).getAttribute('href')).toMatch(
        /^\/leagues\/[0-9a-f-]{36}\/admin$/,
      );

      await page.getByRole('button', { name: `Copy code ${code}` }).click();
      await toastText(page, 'Code Copied!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await page.getByRole('button', { name: 'Share League' }).click();
      await toastText(page, 'Link Copied!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/join/${code}`);
      await dismissToasts(page);
      await expectNoSeriousAxeViolations(page);
      await shot(page, 'league-created-1280');

      await page.getByRole('link', { name: 'Back to My Leagues' }).click();
      await page.waitForURL('**/leagues');
      const leagueCard = card(page, 'Sunday Legends');
      await leagueCard.waitFor();
      expect(await leagueCard.textContent()).toContain(code);
      expect(await leagueCard.getByText('Approved').isVisible()).toBe(true);
      expect(await leagueCard.getByText('Admin', { exact: true }).isVisible()).toBe(true);
      expect(await leagueCard.getByText('Open', { exact: true }).isVisible()).toBe(true);
      expect(await leagueCard.textContent()).toContain('1 member · Unlimited');
      const standings = leagueCard.getByRole('link', { name: 'View Standings' });
      expect(await standings.getAttribute('href')).toMatch(/^\/leagues\/[0-9a-f-]{36}\/standings$/);
      expect(
        await leagueCard.getByRole('link', { name: 'Manage Sunday Legends' }).getAttribute('href'),
      ).toMatch(/\/admin$/);
      await leagueCard.getByRole('button', { name: 'Share invite link for Sunday Legends' }).click();
      await toastText(page, 'Link Copied!');
      await dismissToasts(page);
      await expectNoSeriousAxeViolations(page);
      await shot(page, 'leagues-list-1280');

      // A reload loses the league passed along: the created page goes back to /leagues.
      await page.goto('/leagues/created');
      await page.waitForURL('**/leagues');
      await context.close();
    },
    LONG_TEST_MS,
  );

  it(
    'lets a second person join by code: open → approved, invite only → pending, and words every refusal',
    async () => {
      const admin = await player('Robin Admin');
      const { season } = await committedSeason();
      const serverNow = Date.parse(demoStart(season).now);
      const open = await createThroughApi(admin.context, { name: 'Open Door FC', joinMode: 'open' });
      const inviteOnly = await createThroughApi(admin.context, { name: 'Velvet Rope XI' });
      const locked = await createThroughApi(admin.context, { name: 'Closed Shop', joinMode: 'locked' });
      const deadline = new Date(serverNow + 60 * 60 * 1000);
      const closing = await createThroughApi(admin.context, {
        name: 'Last Orders',
        joinMode: 'open',
        joinDeadline: deadline.toISOString(),
      });

      const friend = await player('Sam Friend');
      const { page } = friend;
      await page.goto('/leagues');
      await page.getByRole('heading', { name: 'No Leagues Yet' }).waitFor();

      // Empty code, then the field trims and upper-cases as typed and keeps 8 characters.
      await page.getByRole('button', { name: 'Join League' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Join League' });
      await dialog.getByText('Enter the 8-character code from your league administrator').waitFor();
      await dialog.getByRole('button', { name: 'Join League' }).click();
      await expect.poll(() => dialog.getByText('Please enter a league code').isVisible()).toBe(true);
      const input = dialog.getByLabel('League Code');
      expect(await input.getAttribute('maxlength')).toBe('8');
      await input.pressSequentially(open.code.toLowerCase());
      expect(await input.inputValue()).toBe(open.code);
      await dialog.getByRole('button', { name: 'Join League' }).click();
      expect(await toastText(page, 'League Joined!')).toContain('Successfully joined the league!');
      await card(page, 'Open Door FC').getByText('Approved').waitFor();
      expect(await card(page, 'Open Door FC').getByRole('link', { name: 'View Standings' }).isVisible()).toBe(
        true,
      );
      await expect
        .poll(async () => (await sentEvents(page, 'league_joined')).map((event) => event.properties?.status))
        .toEqual(['approved']);
      await dismissToasts(page);

      await joinByCodeOnLeaguesPage(page, inviteOnly.code);
      await toastText(page, 'Application submitted! The league administrator will review your request.');
      const pendingCard = card(page, 'Velvet Rope XI');
      await pendingCard.getByText('Pending').waitFor();
      expect(await pendingCard.getByRole('link', { name: 'View Standings' }).count()).toBe(0);
      await dismissToasts(page);

      const refusals: [string, string][] = [
        [open.code, 'You are already a member of this league'],
        [inviteOnly.code, 'You already have a pending request for this league'],
        ['ZZZZ9999', 'League not found. Please check the league code and try again.'],
        [locked.code, 'This league is locked and not accepting new members'],
      ];
      for (const [code, message] of refusals) {
        await joinByCodeOnLeaguesPage(page, code);
        expect(await toastText(page, 'Join League Failed')).toContain(message);
        await expect
          .poll(() => page.getByRole('dialog', { name: 'Join League' }).getByText(message).isVisible())
          .toBe(true);
        await page.keyboard.press('Escape');
        await dismissToasts(page);
      }

      // Kicked: asking again is refused until 24 hours after the kick, said in the reader's time zone.
      const members = await admin.context.request.get(`/api/leagues/${open.id}/members`);
      expect(members.status(), await members.text()).toBe(200);
      const friendRow = (
        (await members.json()) as { members: { userId: string; fullName: string }[] }
      ).members.find((member) => member.fullName === 'Sam Friend');
      if (!friendRow) throw new Error('Sam Friend is not among the members');
      const kicked = await admin.context.request.put(`/api/leagues/${open.id}/members/${friendRow.userId}`, {
        data: { status: 'kicked' },
        headers: originHeaders(),
      });
      expect(kicked.status(), await kicked.text()).toBe(200);
      const { canRejoinAt } = (await kicked.json()) as { canRejoinAt: string };
      expect(Date.parse(canRejoinAt) - serverNow).toBe(24 * 60 * 60 * 1000);
      await page.reload();
      await card(page, 'Open Door FC').getByText('Kicked').waitFor();
      // From the card itself: the same refusal.
      await card(page, 'Open Door FC').getByRole('button', { name: 'Ask to rejoin Open Door FC' }).click();
      const rejoin = formatLeagueDateTime(new Date(canRejoinAt), READER_TIME_ZONE);
      expect(await toastText(page, 'Join League Failed')).toContain(
        `You were removed from this league. You can request to rejoin from ${rejoin.date} at ${rejoin.time}.`,
      );
      await dismissToasts(page);

      // The deadline passes on the server's clock; the refusal names it in the reader's time zone.
      await setServerClock({ at: new Date(deadline.getTime() + 60 * 1000).toISOString() });
      await joinByCodeOnLeaguesPage(page, closing.code);
      const { date, time } = formatLeagueDateTime(deadline, READER_TIME_ZONE);
      expect(await toastText(page, 'Join League Failed')).toContain(
        `The join deadline for this league has passed. The deadline was ${date} at ${time}.`,
      );
      await page.keyboard.press('Escape');
      await dismissToasts(page);
      await shot(page, 'leagues-member-1280');

      // The admin sees the request on the Manage badge (its unread notification).
      await admin.page.goto('/leagues');
      const manage = card(admin.page, 'Velvet Rope XI').getByRole('link', {
        name: 'Manage Velvet Rope XI: 1 new join request',
      });
      await manage.waitFor();
      expect(await manage.getByTestId('pending-requests-badge').textContent()).toBe('1');
      await admin.context.close();
      await friend.context.close();
    },
    LONG_TEST_MS,
  );

  it(
    'creates and joins from the dashboard, and lists "Created by you" and "Joined"',
    async () => {
      const other = await player('Alex Other');
      const theirs = await createThroughApi(other.context, { name: 'Pub Quiz Five', joinMode: 'open' });
      const waiting = await createThroughApi(other.context, { name: 'Members Only' });

      const { context, page } = await player('Jordan Fan');
      await page.goto('/dashboard');
      const panel = page.getByRole('region', { name: 'Leagues', exact: true });
      await panel.getByText('No leagues yet. Create or join a league to get started!').waitFor();

      await panel.getByRole('button', { name: 'Join League' }).click();
      const joinForm = page.getByRole('form', { name: 'Join League' });
      await joinForm.getByLabel('League Code').fill(theirs.code);
      await joinForm.getByRole('button', { name: 'Join League' }).click();
      expect(await toastText(page, 'League Joined!')).toContain('Successfully joined the league!');
      await panel.getByRole('button', { name: 'Join League' }).click();
      await joinForm.getByLabel('League Code').fill(waiting.code);
      await joinForm.getByRole('button', { name: 'Join League' }).click();
      await toastText(page, 'Application submitted!');
      await dismissToasts(page);

      const joinedList = page.getByRole('list', { name: 'Joined' });
      await joinedList.getByRole('link', { name: /Pub Quiz Five/ }).waitFor();
      expect(await joinedList.getByRole('link', { name: /Pub Quiz Five/ }).getAttribute('href')).toBe(
        `/leagues/${theirs.id}/standings`,
      );
      expect(await joinedList.getByText('Members Only').isVisible()).toBe(true);
      expect(await joinedList.getByText('Pending').isVisible()).toBe(true);
      // The public boards stay.
      expect(await page.getByRole('link', { name: /Global/ }).getAttribute('href')).toBe(
        '/leaderboard/global',
      );

      await panel.getByRole('button', { name: 'Create League' }).click();
      const createForm = page.getByRole('form', { name: 'Create League' });
      await createForm.getByRole('button', { name: 'Create League' }).click();
      await expect.poll(() => createForm.getByText('Please enter a league name').isVisible()).toBe(true);
      await shot(page, 'dashboard-create-inline-1280');
      await createForm.getByLabel('League Name').fill('Dashboard Derby');
      await createForm.getByRole('button', { name: 'Create League' }).click();
      await toastText(page, 'League created successfully!');
      await page.waitForURL('**/leagues/created');
      await page.getByText('Dashboard Derby').first().waitFor();

      await page.goto('/dashboard');
      const createdList = page.getByRole('list', { name: 'Created by you' });
      await createdList.getByRole('link', { name: /Dashboard Derby/ }).waitFor();
      await shot(page, 'dashboard-leagues-1280');
      await context.close();
      await other.context.close();
    },
    LONG_TEST_MS,
  );

  it(
    'fits a 375 px phone: /leagues, the dialogs, /leagues/created and the dashboard panel',
    async () => {
      const { context, page } = await player('Pat Phone', MOBILE);
      await createThroughApi(context, { name: 'A Rather Long League Name For Phones', joinMode: 'open' });
      await page.goto('/leagues');
      await card(page, 'A Rather Long League Name For Phones').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, 'leagues-list-375');

      await page.getByRole('button', { name: 'Create League' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create League' });
      await dialog.getByLabel('League Name').fill('Phone League');
      await shot(page, 'leagues-create-dialog-375');
      await dialog.getByRole('button', { name: 'Create League' }).click();
      await page.waitForURL('**/leagues/created');
      await page.getByTestId('league-code').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await dismissToasts(page);
      await expectNoSeriousAxeViolations(page);
      await shot(page, 'league-created-375');

      await page.goto('/dashboard');
      await page.getByRole('list', { name: 'Created by you' }).waitFor();
      await page.getByRole('button', { name: 'Join League' }).click();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const folder = process.env.E2E_SCREENSHOTS;
      if (folder)
        await page
          .getByRole('region', { name: 'Leagues', exact: true })
          .screenshot({ path: `${folder}/dashboard-leagues-375.png` });
      await context.close();
    },
    LONG_TEST_MS,
  );

  it(
    'tells a new admin the league was handed over, until they dismiss it',
    async () => {
      const admin = await player('Morgan Founder');
      const league = await createThroughApi(admin.context, { name: 'Hand Me Down', joinMode: 'open' });
      const heir = await player('Taylor Heir');
      const joined = await heir.context.request.post('/api/leagues/join', {
        data: { code: league.code },
        headers: originHeaders(),
      });
      expect(joined.status(), await joined.text()).toBe(200);
      const handedOver = await admin.context.request.post(`/api/leagues/${league.id}/admin`, {
        data: { email: heir.email },
        headers: originHeaders(),
      });
      expect(handedOver.status(), await handedOver.text()).toBe(200);

      await heir.page.goto('/leagues');
      const heirCard = card(heir.page, 'Hand Me Down');
      const notice = heirCard.getByRole('note');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(
        'You are now the admin of this league: its previous admin handed it over to you.',
      );
      expect(await heirCard.getByText('Admin', { exact: true }).isVisible()).toBe(true);
      await shot(heir.page, 'leagues-handover-1280');
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      await expect.poll(() => notice.count()).toBe(0);
      await heir.page.reload();
      await heirCard.waitFor();
      expect(await heirCard.getByRole('note').count()).toBe(0);

      // The former admin is an ordinary member now: no Manage.
      await admin.page.goto('/leagues');
      const formerCard = card(admin.page, 'Hand Me Down');
      await formerCard.getByRole('link', { name: 'View Standings' }).waitFor();
      expect(await formerCard.getByRole('link', { name: /^Manage/ }).count()).toBe(0);
      await admin.context.close();
      await heir.context.close();
    },
    LONG_TEST_MS,
  );
});
