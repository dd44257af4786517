import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

/** Meets the one password policy (five rules) and is not a dressed-up common word. */
export const STRONG_PASSWORD = 'Kickoff#2025x';

export interface TestAccount {
  email: string;
  password: string;
}

/** A fresh, never-used account, so tests never depend on one another. */
export function newAccount(label = 'player'): TestAccount {
  return { email: `${label}-${randomUUID().slice(0, 12)}@example.com`, password: STRONG_PASSWORD };
}

/** better-auth checks the Origin of state-changing requests; the browser sends it, the API client must too. */
function originHeaders(): Record<string, string> {
  return { Origin: new URL(baseUrl()).origin };
}

/**
 * Creates an account through the API. The request shares the context's cookies, so the
 * context's pages are then signed in as the new user.
 */
export async function signUpThroughApi(
  context: BrowserContext,
  account = newAccount(),
): Promise<TestAccount> {
  const response = await context.request.post('/api/auth/sign-up/email', {
    data: { email: account.email, password: account.password, name: '' },
    headers: originHeaders(),
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/** Signs the context in through the API. */
export async function signInThroughApi(context: BrowserContext, account: TestAccount): Promise<void> {
  const response = await context.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: originHeaders(),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Who a test user says they are at onboarding; any part left out keeps the default. */
export interface OnboardingDetails {
  fullName?: string;
  /** An ISO 3166 English name, e.g. "Tuvalu". */
  country?: string;
  /** A club's full name, e.g. "Burnley". */
  favouriteClub?: string;
}

/** Finishes onboarding for the context's signed-in user, as the onboarding screen would. */
export async function completeOnboardingThroughApi(
  context: BrowserContext,
  details: OnboardingDetails = {},
): Promise<void> {
  const response = await context.request.put('/api/profile/onboarding', {
    data: {
      fullName: 'Alex Morgan',
      dob: '1990-04-12',
      country: 'United Kingdom',
      favouriteClub: 'Arsenal',
      howDidYouHear: 'friend',
      ...details,
    },
    headers: originHeaders(),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A squad of 4 well-known outfield players, by their short (web) names. */
export const KNOWN_SQUAD = ['Haaland', 'Saka', 'B.Fernandes', 'Gabriel'] as const;

/**
 * Saves a squad for the context's signed-in user through the API (the server's clock must be
 * before the pick deadline, as it is unless a test moved it). Answers the saved picks.
 */
export async function pickSquadThroughApi(
  context: BrowserContext,
  names: readonly string[] = KNOWN_SQUAD,
): Promise<{ playerId: string; name: string; webName: string }[]> {
  const playerIds: string[] = [];
  for (const name of names) {
    const response = await context.request.get('/api/players', { params: { search: name, pageSize: 5 } });
    expect(response.status(), await response.text()).toBe(200);
    const { players } = (await response.json()) as { players: { id: string; webName: string }[] };
    const player = players.find((candidate) => candidate.webName === name) ?? players[0];
    if (!player) throw new Error(`No player found for "${name}"`);
    playerIds.push(player.id);
  }
  const saved = await context.request.put('/api/squad', { data: { playerIds }, headers: originHeaders() });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()) as { picks: { playerId: string; name: string; webName: string }[] }).picks;
}

/** Creates an account through the sign-up screen and waits for onboarding. */
export async function signUpThroughUi(page: Page, account = newAccount()): Promise<TestAccount> {
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/onboarding');
  return account;
}

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

/** The development outbox, newest first. */
export async function readMailbox(request: APIRequestContext): Promise<MailboxMessage[]> {
  const response = await request.get('/dev/mailbox/messages');
  expect(response.status()).toBe(200);
  return (await response.json()) as MailboxMessage[];
}

/**
 * The path and query (e.g. "/verify-email?token=…&type=signup") of the newest link to
 * `pathname` mailed to `email`, waiting for the mail to arrive. Only the path is kept: the
 * links carry the server's public URL, which is not the address the tests browse.
 */
export async function mailedLink(
  request: APIRequestContext,
  email: string,
  pathname: string,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await readMailbox(request);
        for (const message of messages.filter((candidate) => candidate.to === email)) {
          const link = message.links.find((candidate) => new URL(candidate).pathname === pathname);
          if (link) {
            const url = new URL(link);
            found = `${url.pathname}${url.search}`;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBe(true);
  if (!found) throw new Error(`No ${pathname} link mailed to ${email}`);
  return found;
}

/** The text of the toast with this title, once it shows. */
export async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

/**
 * Closes every toast, so an accessibility check or the next step looks at the screen itself.
 * The pointer leaves the toaster first: resting on it pauses the toasts' timers, and a toast
 * closed under the pointer never sends the leave that resumes them. Each close is a click
 * dispatched on the button itself: no pointer moves onto the toaster, under an open dialog the
 * rest of the page takes no pointer events, and a toast that leaves on its own meanwhile is
 * skipped. (The shared toaster's rich error colours are about 4.4:1, under AA: reported to its
 * owner.)
 */
export async function dismissToasts(page: Page): Promise<void> {
  await page.mouse.move(1, (page.viewportSize()?.height ?? 600) - 1);
  const toasts = page.locator('[data-sonner-toast]');
  for (const button of await page.locator('[data-sonner-toast] [data-close-button]').all()) {
    await button.dispatchEvent('click', undefined, { timeout: 2_000 }).catch(() => undefined);
  }
  await expect.poll(() => toasts.count(), { timeout: 10_000 }).toBe(0);
}
