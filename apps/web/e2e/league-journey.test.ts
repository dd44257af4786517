import { randomUUID } from 'node:crypto';
import {
  formatLeagueDateTime,
  KICK_REJOIN_COOLDOWN_MS,
  LEAGUE_MESSAGES,
  rejoinTooSoonMessage,
} from '@hit21/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoClock } from '../../server/src/plugins/app/demo/demo-clock.ts';
import {
  completeOnboardingThroughApi,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
  type TestAccount,
} from './support/accounts.ts';
import { baseUrl, DESKTOP, MOBILE, setUpBrowser } from './support/browser.ts';
import { resetServerClock, setServerClock } from './support/clock.ts';
import {
  checkScreen,
  openAdminTab,
  pathnameIs,
  shownStandings,
  submitJoinByCode,
  toastWith,
  waitForToast,
} from './support/leagues.ts';
import { testServer } from './support/test-server.ts';

const browser = setUpBrowser();

/*
 * One mini-league's life with two people, each in a browser of their own: the admin on a
 * desktop in London, the friend on a phone in Tokyo (so the kick cooldown's "when" must be
 * worded in the reader's own time zone). The steps share the league, so they run in order;
 * each needs the ones before it.
 */
const TAG = randomUUID().slice(0, 6);
const LEAGUE_NAME = `Friday Five ${TAG}`;
const ADMIN_NAME = `Ada Admin ${TAG}`;
const FRIEND_NAME = `Fred Friend ${TAG}`;
const FRIEND_TIME_ZONE = 'Asia/Tokyo';
// After gameweek 20 the friend's picks are all scoring and under 21 (safe), the admin's have a
// blank (going bust): the friend, who joined later, ranks above the admin.
const WEEK = 20;
const ADMIN_SQUAD = ['Saliba', 'Trossard', 'Eze', 'Gyökeres'];
const FRIEND_SQUAD = ['Bukayo Saka', 'Declan Rice', 'Cole Palmer', 'Ollie Watkins'];

let admin: { context: BrowserContext; page: Page; account: TestAccount };
let friend: { context: BrowserContext; page: Page; account: TestAccount };
const league = { id: '', code: '', inviteLink: '' };

beforeAll(async () => {
  await resetServerClock();
  const adminContext = await browser().newContext({
    viewport: DESKTOP,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
    timezoneId: 'Europe/London',
  });
  const account = await signUpThroughApi(adminContext, newAccount('league-admin'));
  await completeOnboardingThroughApi(adminContext, { fullName: ADMIN_NAME });
  await pickSquadThroughApi(adminContext, ADMIN_SQUAD);
  admin = { context: adminContext, page: await adminContext.newPage(), account };

  const friendContext = await browser().newContext({
    viewport: MOBILE,
    hasTouch: true,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
    timezoneId: FRIEND_TIME_ZONE,
  });
  friend = {
    context: friendContext,
    page: await friendContext.newPage(),
    account: newAccount('league-friend'),
  };
});

afterAll(async () => {
  await admin?.context.close();
  await friend?.context.close();
  await resetServerClock();
});

/** The league's card on /leagues. */
function leagueCard(page: Page) {
  return page.getByRole('article', { name: LEAGUE_NAME });
}

/** A confirmation by its title (an alert dialog, or a plain dialog on screens that use one). */
function confirmation(page: Page, title: string) {
  return page.getByRole('alertdialog', { name: title }).or(page.getByRole('dialog', { name: title }));
}

/** The league's standings as the API answers them to this person: "1 Name, 2 Name". */
async function apiStandings(context: BrowserContext): Promise<string> {
  const response = await context.request.get(`/api/leagues/${league.id}/standings`);
  const text = await response.text();
  if (response.status() !== 200) return `HTTP ${response.status()} ${text}`;
  const body = JSON.parse(text) as { rows: { rank: number; fullName: string }[] };
  return body.rows.map((row) => `${row.rank} ${row.fullName}`).join(', ');
}

/** The steps that got to their end (a soft finding, such as axe's, does not stop a step). */
const done = new Set<number>();
function needs(step: number): void {
  if (!done.has(step)) throw new Error(`Step ${step} of the journey did not get to its end`);
}

describe('a mini-league among friends, end to end', () => {
  it('1. the admin creates an invite-only league and reads its invite link', async () => {
    const { page } = admin;
    await page.goto('/leagues');
    await page.getByRole('heading', { name: 'No Leagues Yet' }).waitFor();
    await checkScreen(page, 'list-empty');

    await page.getByRole('button', { name: 'Create League' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByLabel('League Name').fill(`  ${LEAGUE_NAME}  `);
    // Invite-only is the default join mode; 50 the default size.
    expect(await form.getByRole('radio', { name: /^Invite Only/ }).isChecked()).toBe(true);
    expect(await form.getByRole('combobox', { name: 'Maximum Members' }).textContent()).toContain('50');
    await form.getByRole('button', { name: 'Create League' }).click();
    await waitForToast(page, 'League created successfully!');
    // The product's own 1.5 s pause before the confirmation page.
    await page.waitForURL(pathnameIs('/leagues/created'), { timeout: 5_000 });

    // The list behind the pause shows the new league too (its share button says "invite link").
    await page.getByRole('heading', { level: 1, name: 'League Created' }).waitFor();
    await page.getByText(LEAGUE_NAME).first().waitFor();
    const inviteLink = await page.getByRole('textbox', { name: 'Invite Link', exact: true }).inputValue();
    const link = /\/join\/([A-Z0-9]{8})$/.exec(inviteLink);
    expect(link, `the invite link reads "${inviteLink}"`).not.toBeNull();
    // {PUBLIC_URL}/join/{code}: the server's public URL is the address the tests browse.
    expect(inviteLink).toBe(`${baseUrl()}/join/${link?.[1]}`);
    league.inviteLink = inviteLink;
    league.code = link?.[1] ?? '';
    expect(await page.getByTestId('league-code').textContent()).toBe(league.code);
    // The league is the admin's, with the code the page shows.
    const mine = await page.request.get('/api/leagues');
    const { leagues } = (await mine.json()) as {
      leagues: { id: string; code: string; isAdmin: boolean; name: string }[];
    };
    const created = leagues.find((candidate) => candidate.code === league.code);
    expect(created).toMatchObject({ name: LEAGUE_NAME, isAdmin: true });
    league.id = created?.id ?? '';
    expect(await page.getByRole('link', { name: 'Manage League' }).getAttribute('href')).toBe(
      `/leagues/${league.id}/admin`,
    );
    await checkScreen(page, 'created');
    done.add(1);
  });

  it('2. a brand-new visitor opens the link, gets ready to play and asks to join from the pending invite', async () => {
    needs(1);
    const { page } = friend;
    await page.goto(new URL(league.inviteLink).pathname);
    await page.getByText(LEAGUE_NAME).first().waitFor();
    expect(await page.getByText(league.code).count()).toBeGreaterThan(0);
    expect(await page.getByText('50 max').count()).toBeGreaterThan(0);
    expect(await page.getByText('Requires approval').count()).toBeGreaterThan(0);
    expect(await page.getByText('Not logged in?').count()).toBeGreaterThan(0);
    // A visitor never sees who is in the league.
    expect(await page.getByText(ADMIN_NAME).count()).toBe(0);
    await checkScreen(page, 'invite-visitor');

    await page.getByRole('button', { name: 'Join League' }).click();
    await page.waitForURL(pathnameIs('/login'));
    expect(await waitForToast(page, 'Log In to Join')).toContain(LEAGUE_NAME);
    const saved = await page.evaluate(() => localStorage.getItem('pendingLeagueJoin'));
    expect(JSON.parse(saved ?? '{}')).toMatchObject({ code: league.code, leagueName: LEAGUE_NAME });

    // Signing up, onboarding and picking on the screens with a saved invite is the first journey of
    // league-invite.test.ts: here the friend gets ready through the API and opens the dashboard.
    await signUpThroughApi(friend.context, friend.account);
    await completeOnboardingThroughApi(friend.context, { fullName: FRIEND_NAME });
    await pickSquadThroughApi(friend.context, FRIEND_SQUAD);
    await page.goto('/dashboard');

    // Ready to play: the dashboard offers the saved invite.
    const modal = page.getByRole('dialog').filter({ hasText: LEAGUE_NAME });
    await modal.waitFor({ timeout: 10_000 });
    // The modal opens with the saved name; the code comes with the invite it then reads.
    await modal.getByText(league.code).first().waitFor();
    expect(await modal.getByText(league.code).count()).toBeGreaterThan(0);
    expect(await modal.getByRole('button', { name: 'Maybe Later' }).count()).toBe(1);
    await checkScreen(page, 'pending-invite-modal');
    await modal.getByRole('button', { name: 'Join League' }).click();
    expect(await waitForToast(page, LEAGUE_MESSAGES.applied)).toContain(LEAGUE_MESSAGES.applied);
    await page.waitForURL(pathnameIs('/leagues'));
    expect(await page.evaluate(() => localStorage.getItem('pendingLeagueJoin'))).toBeNull();

    const card = leagueCard(page);
    await card.waitFor();
    expect(await card.locator('[data-status]').getAttribute('data-status')).toBe('pending');
    // A pending member has no way into the standings or the admin page from the card.
    expect(await card.getByRole('link').count()).toBe(0);
    await checkScreen(page, 'list-pending');
    done.add(2);
  });

  it('3. the admin approves the request on the admin page', async () => {
    needs(2);
    const { page } = admin;
    await page.goto(`/leagues/${league.id}/admin`);
    await page.getByRole('heading', { name: LEAGUE_NAME }).first().waitFor();
    await checkScreen(page, 'admin-details');
    await openAdminTab(page, 'Members');
    const row = page.locator(`[data-member="${FRIEND_NAME}"]`);
    await row.waitFor();
    // Only the admin sees e-mail addresses, here.
    expect(await row.innerText()).toContain(friend.account.email);
    await checkScreen(page, 'admin-members-pending');
    await page.getByRole('button', { name: `Approve ${FRIEND_NAME}` }).click();
    await waitForToast(page, 'Request Approved');
    await page.getByRole('button', { name: `Kick ${FRIEND_NAME}` }).waitFor();

    // The friend's card is approved now.
    await friend.page.goto('/leagues');
    const card = leagueCard(friend.page);
    await expect.poll(() => card.locator('[data-status]').getAttribute('data-status')).toBe('approved');
    expect(await card.getByRole('link', { name: 'View Standings' }).getAttribute('href')).toBe(
      `/leagues/${league.id}/standings`,
    );
    await checkScreen(friend.page, 'list-member');
    done.add(3);
  });

  it('4. both see the same standings: the global order restricted to the two of them', async () => {
    needs(3);
    await setServerClock({ afterGameweek: WEEK });
    const now = readClockInstant().toISOString();

    // The global board, once recomputed at the new moment, ranks the friend above the admin.
    // (What the board last said is kept, so a board that never catches up says why.)
    const globalRank = async (context: BrowserContext): Promise<number | string> => {
      const response = await context.request.get('/api/leaderboard/global', { params: { me: 'true' } });
      if (response.status() !== 200) return `HTTP ${response.status()}`;
      const board = (await response.json()) as { computedAt: string | null; rows: { rank: number }[] };
      if (board.computedAt !== now) return `computed at ${board.computedAt}, not ${now}`;
      return board.rows[0]?.rank ?? 'not on the board';
    };
    let ranks: { admin: number | string; friend: number | string } = { admin: '', friend: '' };
    await expect
      .poll(
        async () => {
          ranks = { admin: await globalRank(admin.context), friend: await globalRank(friend.context) };
          return typeof ranks.admin === 'number' && typeof ranks.friend === 'number' ? 'ranked' : ranks;
        },
        { timeout: 45_000, interval: 250 },
      )
      .toBe('ranked');
    expect(Number(ranks.friend)).toBeLessThan(Number(ranks.admin));
    const expected = [
      { rank: 1, name: FRIEND_NAME },
      { rank: 2, name: ADMIN_NAME },
    ];

    // The league's stored standings follow the board (each viewer sees the same rows).
    for (const context of [admin.context, friend.context]) {
      await expect
        .poll(() => apiStandings(context), { timeout: 45_000, interval: 250 })
        .toBe(expected.map((row) => `${row.rank} ${row.name}`).join(', '));
    }

    for (const [who, person] of [
      ['admin', admin],
      ['friend', friend],
    ] as const) {
      const { page } = person;
      await page.goto(`/leagues/${league.id}/standings`);
      await expect
        .poll(() => shownStandings(page, [ADMIN_NAME, FRIEND_NAME]), { timeout: 30_000, interval: 500 })
        .toEqual(expected);
      await checkScreen(page, `standings-${who}`);
    }
    done.add(4);
  }, 150_000);

  it('5. the admin kicks the friend; the rejoin is refused until 24 hours have passed, then approved', async () => {
    needs(4);
    const { page } = admin;
    await page.goto(`/leagues/${league.id}/admin`);
    await openAdminTab(page, 'Members');
    const kickedAt = readClockInstant();
    await page.getByRole('button', { name: `Kick ${FRIEND_NAME}` }).click();
    const confirm = confirmation(page, 'Kick Member');
    await confirm.getByText(`Are you sure you want to kick ${FRIEND_NAME} from the league?`).waitFor();
    await confirm.getByRole('button', { name: 'Kick Member' }).click();
    await waitForToast(page, 'Member Kicked');
    // Out of the standings at once.
    await expect
      .poll(() => apiStandings(admin.context), { timeout: 30_000, interval: 250 })
      .toBe(`1 ${ADMIN_NAME}`);

    // The friend is refused, and told when they may ask again, in their own time zone; still so
    // a minute before the 24 hours are up.
    const retryAt = new Date(kickedAt.getTime() + KICK_REJOIN_COOLDOWN_MS);
    const { date, time } = formatLeagueDateTime(retryAt, FRIEND_TIME_ZONE);
    const refusal = rejoinTooSoonMessage(date, time);
    for (const at of [kickedAt, new Date(retryAt.getTime() - 60_000)]) {
      await setServerClock({ at: at.toISOString() });
      await friend.page.goto('/leagues');
      await submitJoinByCode(friend.page, league.code);
      await friend.page.getByRole('dialog').getByText(refusal).waitFor({ timeout: 10_000 });
      expect(await waitForToast(friend.page, 'Join League Failed')).toContain(refusal);
    }

    // An hour after the 24 hours the request goes in, pending again.
    await setServerClock({ at: new Date(retryAt.getTime() + 60 * 60 * 1000).toISOString() });
    await friend.page.goto('/leagues');
    await submitJoinByCode(friend.page, league.code);
    expect(await waitForToast(friend.page, LEAGUE_MESSAGES.rejoinRequested)).toContain(
      LEAGUE_MESSAGES.rejoinRequested,
    );
    await expect
      .poll(() => leagueCard(friend.page).locator('[data-status]').getAttribute('data-status'))
      .toBe('pending');

    // This time from the members management page, reached from the admin page.
    await page.goto(`/leagues/${league.id}/admin`);
    await page.getByRole('link', { name: 'Requests and Members' }).click();
    await page.waitForURL(pathnameIs(`/leagues/${league.id}/join-requests`));
    const request = page.getByRole('list', { name: 'Pending Requests' });
    await request.getByRole('button', { name: `Approve ${FRIEND_NAME}` }).waitFor();
    await checkScreen(page, 'join-requests');
    await request.getByRole('button', { name: `Approve ${FRIEND_NAME}` }).click();
    await waitForToast(page, 'Request Approved');
    await page.getByRole('button', { name: `Kick ${FRIEND_NAME}` }).waitFor();
    // Back in the standings, two rows again (goals may have moved on in a day), which the
    // friend may read again.
    await expect
      .poll(() => apiStandings(friend.context), { timeout: 30_000, interval: 250 })
      .toMatch(new RegExp(`^(1 ${ADMIN_NAME}, 2 ${FRIEND_NAME}|1 ${FRIEND_NAME}, 2 ${ADMIN_NAME})$`));
    done.add(5);
  });

  it('6. the admin hands the league to the friend, then leaves it', async () => {
    needs(5);
    const { page } = admin;
    await page.goto(`/leagues/${league.id}/admin`);
    await openAdminTab(page, 'Advanced');
    await checkScreen(page, 'admin-advanced');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel(/e-?mail/i).fill(friend.account.email);
    await panel.getByRole('button', { name: 'Change Admin' }).click();
    await confirmation(page, 'Change Administrator').getByRole('button', { name: 'Change Admin' }).click();
    await waitForToast(page, 'Admin Changed');
    await page.waitForURL(pathnameIs('/leagues'));
    // No longer the admin: an approved member's card, with no Manage.
    const card = leagueCard(page);
    await card.getByRole('link', { name: 'View Standings' }).waitFor();
    expect(await card.getByRole('link', { name: /^Manage/ }).count()).toBe(0);
    expect(await card.getByText('Admin', { exact: true }).count()).toBe(0);
    await page.goto(`/leagues/${league.id}/admin`);
    await page.getByRole('heading', { name: 'League Not Found' }).waitFor();

    await page.goto(`/leagues/${league.id}`);
    await page.getByRole('tab', { name: 'League Details' }).click();
    await page.getByText('League Admin').first().waitFor();
    await checkScreen(page, 'standings-details');
    await page.getByRole('button', { name: 'Leave League' }).click();
    await confirmation(page, 'Leave League?').getByRole('button', { name: 'Leave League' }).click();
    await waitForToast(page, 'Left League');
    await page.waitForURL(pathnameIs('/leagues'));
    await page.getByRole('heading', { name: 'No Leagues Yet' }).waitFor();
    done.add(6);
  });

  it('7. the new admin deletes the league, and it is gone', async () => {
    needs(6);
    const { page } = friend;
    await page.goto('/leagues');
    // The new admin is told how the league came to them.
    await leagueCard(page)
      .getByRole('note')
      .getByText('You are now the admin of this league: its previous admin handed it over to you.')
      .waitFor();
    await leagueCard(page)
      .getByRole('link', { name: `Manage ${LEAGUE_NAME}` })
      .click();
    await page.waitForURL(pathnameIs(`/leagues/${league.id}/admin`));
    await openAdminTab(page, 'Advanced');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Delete League' }).click();
    await confirmation(page, 'Delete League').getByRole('button', { name: 'Delete League' }).click();
    await waitForToast(page, 'League Deleted');
    await page.waitForURL(pathnameIs('/leagues'));
    await page.getByRole('heading', { name: 'No Leagues Yet' }).waitFor();
    expect(await leagueCard(page).count()).toBe(0);
    expect(await toastWith(page, 'Deletion Failed').count()).toBe(0);

    // The invite is dead too.
    await page.goto(`/join/${league.code}`);
    await page.getByText('League not found').first().waitFor();
    done.add(7);
  });
});

/** The server's clock as it stands: the demo clock stands still between moves. */
function readClockInstant(): Date {
  const setting = readDemoClock(testServer().demoClockFile);
  if (!setting) throw new Error('The demo clock file is unreadable');
  return new Date(setting.now);
}
