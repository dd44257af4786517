import { MARKETING_EMAILS_SWITCH, UNSUBSCRIBE_MESSAGES } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  newAccount,
  pickSquadThroughApi,
  readMailbox,
  signUpThroughApi,
} from './support/accounts.ts';
import { baseUrl, DESKTOP, screenshot, setUpBrowser } from './support/browser.ts';
import { checkScreen } from './support/leagues.ts';

const browser = setUpBrowser();

/**
 * The server's demo clock stands a day before the pick deadline, so its deadline-mails job
 * (every 5 s on the test servers) sends the 48-hour reminder to a player who agreed to reminders
 * and has no squad.
 */
describe('unsubscribing from the deadline reminders', () => {
  it('works from the e-mail link without signing in, and Settings shows the switch off', async () => {
    const player = await browser().newContext({
      viewport: DESKTOP,
      baseURL: baseUrl(),
      reducedMotion: 'reduce',
    });
    const account = await signUpThroughApi(player, newAccount('reminded'));
    const optIn = await player.request.post('/api/marketing/subscribe', {
      data: {},
      headers: { Origin: new URL(baseUrl()).origin },
    });
    expect(optIn.status(), await optIn.text()).toBe(200);

    let link: URL | undefined;
    await expect
      .poll(
        async () => {
          const reminder = (await readMailbox(player.request)).find(
            (message) => message.to === account.email && /left to pick your team/.test(message.subject),
          );
          const found = reminder?.links.find((candidate) => new URL(candidate).pathname === '/unsubscribe');
          link = found ? new URL(found) : undefined;
          return link !== undefined;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    if (!link) throw new Error('No reminder with an unsubscribe link');

    // A browser that is not signed in opens the link from the mail.
    const stranger = await browser().newContext({
      viewport: DESKTOP,
      baseURL: baseUrl(),
      reducedMotion: 'reduce',
    });
    const page = await stranger.newPage();
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Unsubscribe', level: 1, exact: true }).waitFor();
    await checkScreen(page, 'unsubscribe');
    await screenshot(page, 'unsubscribe-desktop');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: "You're unsubscribed" }).waitFor();
    const masked = `${account.email[0]}•••@example.com`;
    expect(await page.getByText(masked).isVisible()).toBe(true);
    // It names the switch that turns them back on, as Settings labels it.
    const told = page.getByText(UNSUBSCRIBE_MESSAGES.unsubscribed);
    expect(await told.isVisible()).toBe(true);
    expect(await told.textContent()).toContain(`any more. ${UNSUBSCRIBE_MESSAGES.unsubscribed}`);
    await checkScreen(page, 'unsubscribed');
    await screenshot(page, 'unsubscribed-desktop');

    // A tampered link is refused with the reason, and changes nothing.
    const tampered = await stranger.newPage();
    await tampered.goto(`${link.pathname}?token=${link.searchParams.get('token')?.slice(0, -3)}xyz`);
    await tampered.getByRole('button', { name: 'Unsubscribe' }).click();
    await tampered.getByRole('alert').filter({ hasText: "isn't valid" }).waitFor();
    expect(await tampered.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    await checkScreen(tampered, 'unsubscribe-refused');

    // The player's own Settings (open once onboarded and picked) show the marketing switch off.
    await completeOnboardingThroughApi(player);
    await pickSquadThroughApi(player);
    const settings = await player.newPage();
    await settings.goto('/settings');
    const toggle = settings.getByRole('switch', { name: MARKETING_EMAILS_SWITCH.label });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    // Its description says the reminders are among these e-mails.
    const describedBy = (await toggle.getAttribute('aria-describedby')) ?? '';
    expect(await settings.locator(`[id="${describedBy}"]`).textContent()).toContain('deadline reminders');
    await screenshot(settings, 'settings-marketing-switch-desktop');
    await stranger.close();
    await player.close();
  }, 150_000);
});
