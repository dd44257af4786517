import { randomUUID } from 'node:crypto';
import { formatLeagueDateTime, LEAGUE_MESSAGES } from '@hit21/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  newAccount,
  pickSquadThroughApi,
  signUpThroughApi,
  type TestAccount,
} from './support/accounts.ts';
import {
  baseUrl,
  DESKTOP,
  expectNoSeriousAxeViolations,
  screenshot,
  setUpBrowser,
} from './support/browser.ts';
import { resetServerClock, setServerClock } from './support/clock.ts';
import { checkScreen, openAdminTab, pathnameIs, waitForToast } from './support/leagues.ts';

const browser = setUpBrowser();

/*
 * The league admin page and the members management page, driven by the admin in a browser in
 * Tokyo (so the deadline's local time differs from UTC), with two players who ask to join
 * through the API. Each step builds on the one before.
 */
const TAG = randomUUID().slice(0, 6);
const LEAGUE_NAME = `Admin Desk ${TAG}`;
const ADMIN_NAME = `Ada Keeper ${TAG}`;
const BEA = `Bea Striker ${TAG}`;
const CAL = `Cal Winger ${TAG}`;
const TEAM = ['Saka', 'Rice', 'Palmer', 'Watkins'];

interface Person {
  context: BrowserContext;
  page: Page;
  account: TestAccount;
}

let admin: Person;
let bea: Person;
let cal: Person;
const league = { id: '', code: '' };

function origin(): Record<string, string> {
  return { Origin: new URL(baseUrl()).origin };
}

async function person(label: string, fullName: string, timezoneId = 'Europe/London'): Promise<Person> {
  const context = await browser().newContext({
    viewport: DESKTOP,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
    timezoneId,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const account = await signUpThroughApi(context, newAccount(label));
  await completeOnboardingThroughApi(context, { fullName });
  await pickSquadThroughApi(context, TEAM);
  return { context, page: await context.newPage(), account };
}

async function joinByCode(
  who: Person,
  code: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await who.context.request.post('/api/leagues/join', { data: { code }, headers: origin() });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

async function readLeague(who: Person): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await who.context.request.get(`/api/leagues/${league.id}`);
  return {
    status: response.status(),
    body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
  };
}

function memberRow(page: Page, name: string) {
  return page.getByRole('tabpanel').locator(`li[data-member="${name}"]`);
}

function count(page: Page, key: string) {
  return page.locator(`[data-count="${key}"]`);
}

/** A moment as the admin's Tokyo `datetime-local` box holds it. */
function toLocalInput(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

function needs(...values: string[]): void {
  if (values.some((value) => !value)) throw new Error('An earlier step failed');
}

beforeAll(async () => {
  await resetServerClock();
  admin = await person('league-admin-desk', ADMIN_NAME, 'Asia/Tokyo');
  bea = await person('league-bea', BEA);
  cal = await person('league-cal', CAL);
});

afterAll(async () => {
  await Promise.all([admin?.context.close(), bea?.context.close(), cal?.context.close()]);
  await resetServerClock();
});

describe('league administration', () => {
  it('1. the admin creates a league and two players ask to join', async () => {
    const created = await admin.context.request.post('/api/leagues', {
      data: { name: LEAGUE_NAME, joinMode: 'invite_only', maxMembers: 50 },
      headers: origin(),
    });
    expect(created.status(), await created.text()).toBe(201);
    const body = (await created.json()) as { id: string; code: string };
    Object.assign(league, { id: body.id, code: body.code });
    for (const player of [bea, cal]) {
      const joined = await joinByCode(player, league.code);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      expect(joined.body.status).toBe('pending');
    }
  });

  it('2. the Details tab shows the code, the deadline banner and the settings', async () => {
    needs(league.id);
    const { page } = admin;
    await page.goto(`/leagues/${league.id}/admin`);
    await page.getByRole('heading', { level: 2, name: LEAGUE_NAME }).waitFor();
    expect(await page.getByRole('tab', { name: /^Details/ }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('league-code').textContent()).toBe(league.code);
    expect(await page.getByText(`/join/${league.code}`).count()).toBe(1);
    await page.getByText('No deadline: players can ask to join at any time.').waitFor();
    // Two requests wait: the Members tab says so.
    expect(await page.getByTestId('pending-badge').innerText()).toMatch(/^2/);
    expect(await page.getByRole('link', { name: 'Back to Leagues' }).getAttribute('href')).toBe('/leagues');

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await waitForToast(page, 'Code Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(league.code);
    await page.getByRole('button', { name: 'Share Link' }).click();
    await waitForToast(page, 'Link Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${new URL(baseUrl()).origin}/join/${league.code}`,
    );

    // The tabs answer the keyboard: arrows move between them.
    await page.getByRole('tab', { name: /^Details/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: /^Members/ }).getAttribute('aria-selected'))
      .toBe('true');
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => page.getByRole('tab', { name: /^Details/ }).getAttribute('aria-selected'))
      .toBe('true');

    await screenshot(page, 'league-admin-details-desktop');
    await checkScreen(page, 'admin-details');
  });

  it('3. the admin approves one request and rejects the other; counts and chips follow', async () => {
    needs(league.id);
    const { page } = admin;
    // A members list that fails to load says so, and loads on Try Again.
    const membersCall = `**/api/leagues/${league.id}/members?**`;
    await admin.context.route(membersCall, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }),
    );
    // Opened afresh, so the list is asked for now (not answered from what step 2 loaded).
    await page.goto(`/leagues/${league.id}/admin?tab=members`);
    await page.getByRole('tabpanel').getByRole('alert').getByText('Failed to load members.').waitFor();
    expect(await waitForToast(page, 'Load Failed')).toContain('Failed to load members.');
    await admin.context.unroute(membersCall);
    await page.getByRole('tabpanel').getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => count(page, 'total').innerText()).toBe('3');
    expect(await count(page, 'approved').innerText()).toBe('1');
    expect(await count(page, 'pending').innerText()).toBe('2');
    // The admin: an "Admin" badge and no buttons. E-mails show, to the admin.
    const adminRow = memberRow(page, ADMIN_NAME);
    await adminRow.getByText('Admin', { exact: true }).waitFor();
    expect(await adminRow.getByRole('button').count()).toBe(0);
    await memberRow(page, BEA)
      .getByText(bea.account.email.split('@')[0] ?? '')
      .waitFor();
    await screenshot(page, 'league-admin-members-desktop');
    await checkScreen(page, 'admin-members-pending');

    await page.getByRole('button', { name: `Approve ${BEA}` }).click();
    expect(await waitForToast(page, 'Request Approved')).toContain(`${BEA} is now a member of the league.`);
    await page.getByRole('button', { name: `Reject ${CAL}` }).click();
    await waitForToast(page, 'Request Rejected');
    await expect.poll(() => count(page, 'pending').innerText()).toBe('0');
    expect(await count(page, 'approved').innerText()).toBe('2');
    expect(await count(page, 'rejected').innerText()).toBe('1');
    await expect.poll(() => page.getByTestId('pending-badge').count()).toBe(0);

    // The Rejected chip: only Cal, who may still be approved.
    await page.getByRole('button', { name: /^Rejected/ }).click();
    await expect.poll(() => page.getByRole('tabpanel').locator('li[data-member]').count()).toBe(1);
    await memberRow(page, CAL)
      .getByRole('button', { name: `Approve ${CAL}` })
      .waitFor();
    expect(await memberRow(page, CAL).getByRole('button').count()).toBe(1);
    await page.getByRole('button', { name: /^Pending/ }).click();
    await page.getByText('No pending requests right now.').waitFor();
  });

  it('4. a member who is not the admin reads "League Not Found" on both admin pages', async () => {
    needs(league.id);
    const { page } = bea;
    for (const path of [`/leagues/${league.id}/admin`, `/leagues/${league.id}/join-requests`]) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'League Not Found' }).waitFor();
      await page.getByRole('link', { name: 'Back to Leagues' }).last().waitFor();
      expect(await page.getByText(league.code).count()).toBe(0);
      expect(await page.getByText(ADMIN_NAME).count()).toBe(0);
    }
    // An address that names no league reads the same.
    await page.goto('/leagues/not-a-league/admin');
    await page.getByRole('heading', { name: 'League Not Found' }).waitFor();
    // The server refuses the admin's calls to her too.
    const members = await bea.context.request.get(`/api/leagues/${league.id}/members`);
    expect(members.status()).toBe(403);
    await expectNoSeriousAxeViolations(page);
  });

  it('5. the admin kicks Bea after confirming, then takes her back', async () => {
    needs(league.id);
    const { page } = admin;
    await page.getByRole('button', { name: /^All/ }).click();
    await page.getByRole('button', { name: `Kick ${BEA}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Are you sure you want to kick ${BEA} from the league?`).waitFor();
    await screenshot(page, 'league-admin-kick-confirm');
    await expectNoSeriousAxeViolations(page);
    await confirm.getByRole('button', { name: 'Kick Member' }).click();
    expect(await waitForToast(page, 'Member Kicked')).toContain('They can request to rejoin after 24 hours.');
    await expect.poll(() => count(page, 'kicked').innerText()).toBe('1');
    expect(await count(page, 'approved').innerText()).toBe('1');

    await page.getByRole('button', { name: /^Kicked/ }).click();
    const row = memberRow(page, BEA);
    await row.getByText(/can request to rejoin from/).waitFor();
    await row.getByRole('button', { name: `Reject ${BEA}` }).waitFor();
    await row.getByRole('button', { name: `Approve ${BEA}` }).click();
    await waitForToast(page, 'Request Approved');
    await expect.poll(() => count(page, 'approved').innerText()).toBe('2');
    expect(await count(page, 'kicked').innerText()).toBe('0');
  });

  it('6. a new code replaces the old one, which stops working', async () => {
    needs(league.id);
    const { page } = admin;
    await openAdminTab(page, 'Details');
    await page.getByRole('button', { name: 'Regenerate Code' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(`The old code ${league.code} and its link stop working at once.`, { exact: false })
      .waitFor();
    await confirm.getByRole('button', { name: 'Regenerate Code' }).click();
    const toast = await waitForToast(page, 'Code Regenerated');
    await expect.poll(() => page.getByTestId('league-code').textContent()).not.toBe(league.code);
    const newCode = (await page.getByTestId('league-code').textContent()) ?? '';
    expect(newCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(toast).toContain(newCode);

    // Cal, rejected, may ask again at once: not with the old code, but with the new one.
    const withOld = await joinByCode(cal, league.code);
    expect(withOld.status).toBe(404);
    expect(withOld.body.userMessage).toBe(LEAGUE_MESSAGES.notFoundByCode);
    const withNew = await joinByCode(cal, newCode);
    expect(withNew.status, JSON.stringify(withNew.body)).toBe(200);
    expect(withNew.body.status).toBe('pending');
    league.code = newCode;
  });

  it('7. the settings form saves a name, a join mode and a local deadline, and clears it', async () => {
    needs(league.id);
    const { page } = admin;
    const name = page.getByLabel('League Name');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Update League' }).click();
    await page.getByText(LEAGUE_MESSAGES.nameRequired).waitFor();
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);

    await name.fill(`${LEAGUE_NAME} FC`);
    await page.getByRole('combobox', { name: 'Join Mode' }).click();
    await page.getByRole('option', { name: /^Open/ }).click();
    // 18:30 in Tokyo is 09:30 UTC.
    await page.getByLabel('Join Deadline', { exact: true }).fill('2027-03-01T18:30');
    await page.getByRole('button', { name: 'Update League' }).click();
    await waitForToast(page, 'League Updated');
    await page.getByText('Players can ask to join until 1 Mar 2027 at 18:30.').waitFor();
    await page.getByRole('heading', { level: 2, name: `${LEAGUE_NAME} FC` }).waitFor();
    const saved = await readLeague(admin);
    expect(saved.body).toMatchObject({
      name: `${LEAGUE_NAME} FC`,
      joinMode: 'open',
      joinDeadline: '2027-03-01T09:30:00.000Z',
    });
    // The stored deadline comes back into the box in local time.
    expect(await page.getByLabel('Join Deadline', { exact: true }).inputValue()).toBe('2027-03-01T18:30');
    await screenshot(page, 'league-admin-settings-saved');

    await page.getByRole('button', { name: 'Clear deadline' }).click();
    expect(await page.getByLabel('Join Deadline', { exact: true }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Update League' }).click();
    await page.getByText('No deadline: players can ask to join at any time.').waitFor();
    expect((await readLeague(admin)).body.joinDeadline).toBeNull();
  });

  it('7b. the deadline banner follows the server’s clock, and a passed deadline can be kept while the name changes', async () => {
    needs(league.id);
    const { page } = admin;
    const season = await admin.context.request.get('/api/season');
    const serverNow = Date.parse(((await season.json()) as { now: string }).now);
    const deadline = new Date(serverNow + 60 * 60 * 1000).toISOString();
    const patched = await admin.context.request.patch(`/api/leagues/${league.id}`, {
      data: { name: `${LEAGUE_NAME} FC`, joinMode: 'invite_only', joinDeadline: deadline },
      headers: origin(),
    });
    expect(patched.status(), await patched.text()).toBe(200);
    const { date, time } = formatLeagueDateTime(new Date(deadline), 'Asia/Tokyo');
    await page.reload();
    await page.getByText(`Players can ask to join until ${date} at ${time}.`).waitFor();

    // Two hours on (by the server's clock, which the demo moves): the deadline has passed.
    await setServerClock({ at: new Date(serverNow + 2 * 60 * 60 * 1000).toISOString() });
    await page.reload();
    await page.getByText(`The deadline passed on ${date} at ${time}.`, { exact: false }).waitFor();
    await screenshot(page, 'league-admin-deadline-passed');
    await page.getByLabel('League Name').fill(`${LEAGUE_NAME} FC`);
    await page.getByRole('button', { name: 'Update League' }).click();
    await waitForToast(page, 'League Updated');
    expect((await readLeague(admin)).body.joinDeadline).toBe(deadline);
    // A new deadline must be ahead of the server's clock.
    await page
      .getByLabel('Join Deadline', { exact: true })
      .fill(toLocalInput(new Date(serverNow + 90 * 60 * 1000)));
    await page.getByRole('button', { name: 'Update League' }).click();
    await page.getByText(LEAGUE_MESSAGES.deadlineInPast).waitFor();
  });

  it('8. the members management page: pending requests, members with Kick, rejected read only', async () => {
    needs(league.id);
    const { page } = admin;
    await page.goto(`/leagues/${league.id}/join-requests`);
    const pending = page.getByRole('list', { name: 'Pending Requests' });
    await pending.locator(`li[data-member="${CAL}"]`).waitFor();
    const approved = page.getByRole('list', { name: 'Approved' });
    await approved.getByRole('button', { name: `Kick ${BEA}` }).waitFor();
    expect(await approved.locator(`li[data-member="${ADMIN_NAME}"]`).getByRole('button').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to League Admin' }).getAttribute('href')).toBe(
      `/leagues/${league.id}/admin`,
    );
    await screenshot(page, 'league-members-desktop');
    await checkScreen(page, 'members-page');

    await pending.getByRole('button', { name: `Reject ${CAL}` }).click();
    await waitForToast(page, 'Request Rejected');
    const rejected = page.getByRole('list', { name: 'Rejected' });
    await rejected.locator(`li[data-member="${CAL}"]`).waitFor();
    // Read only here.
    expect(await rejected.getByRole('button').count()).toBe(0);
    await page.getByText('No pending requests right now.').waitFor();
  });

  it('9. the admin hands the league to Bea and lands on /leagues', async () => {
    needs(league.id);
    const { page } = admin;
    await page.goto(`/leagues/${league.id}/admin?tab=advanced`);
    const email = page.getByLabel('New Administrator’s Email');
    const change = page.getByRole('tabpanel').getByRole('button', { name: 'Change Admin' });
    expect(await change.isDisabled()).toBe(true);
    await email.fill('not-an-email');
    await change.click();
    await page.getByText(LEAGUE_MESSAGES.emailInvalid).waitFor();
    await checkScreen(page, 'admin-advanced');

    // Cal is not an approved member: the server says so.
    await email.fill(cal.account.email);
    await change.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Change Admin' }).click();
    expect(await waitForToast(page, 'Admin Change Failed')).toContain(LEAGUE_MESSAGES.newAdminNotMember);

    await email.fill(`  ${bea.account.email.toUpperCase()} `);
    await change.click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/lose your admin rights/).waitFor();
    await confirm.getByRole('button', { name: 'Change Admin' }).click();
    await waitForToast(page, 'Admin Changed');
    await page.waitForURL(pathnameIs('/leagues'));
    expect((await readLeague(admin)).body.isAdmin).toBe(false);
    expect((await readLeague(bea)).body.isAdmin).toBe(true);

    await page.goto(`/leagues/${league.id}/admin`);
    await page.getByRole('heading', { name: 'League Not Found' }).waitFor();
  });

  it('10. Bea, the new admin, deletes the league', async () => {
    needs(league.id);
    const { page } = bea;
    await page.goto(`/leagues/${league.id}/admin`);
    await openAdminTab(page, 'Advanced');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Delete League' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Are you sure you want to delete ${LEAGUE_NAME} FC?`, { exact: false }).waitFor();
    await screenshot(page, 'league-admin-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete League' }).click();
    await waitForToast(page, 'League Deleted');
    await page.waitForURL(pathnameIs('/leagues'));
    expect((await readLeague(bea)).status).toBe(404);
    expect((await joinByCode(cal, league.code)).status).toBe(404);
  });
});
