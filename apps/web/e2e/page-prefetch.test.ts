import { describe, expect, it } from 'vitest';
import { completeOnboardingThroughApi, pickSquadThroughApi, signUpThroughApi } from './support/accounts.ts';
import { baseUrl, setUpBrowser, waitForTheApp } from './support/browser.ts';

const browser = setUpBrowser();

describe('moving between pages', () => {
  it('starts loading a page while the pointer rests on its link, or the keyboard reaches it', async () => {
    const context = await browser().newContext({ baseURL: baseUrl(), reducedMotion: 'reduce' });
    await signUpThroughApi(context);
    await completeOnboardingThroughApi(context);
    await pickSquadThroughApi(context);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/dashboard');
    await waitForTheApp(page);
    await page.waitForLoadState('networkidle');
    asked.length = 0;

    const nav = page.getByRole('navigation', { name: 'Main' });
    // Resting on Leaderboard: the board's first page and the screen's code are fetched, and
    // the player is still on the dashboard. The page is awaited to its end, not only asked for:
    // a click while it still loads would rightly show the board's skeleton.
    const fetched = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/leaderboard/global',
    );
    await nav.getByRole('link', { name: 'Leaderboard' }).hover();
    await (await fetched).finished();
    await expect.poll(() => asked.some((path) => /^\/assets\/leaderboard-[\w-]+\.js$/.test(path))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Clicking then asks for nothing the hover already fetched.
    asked.length = 0;
    await nav.getByRole('link', { name: 'Leaderboard' }).click();
    await page.waitForURL('**/leaderboard/global');
    await page.getByRole('heading', { level: 1, name: 'Global Leaderboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('status', { name: 'Loading the leaderboard' }).count()).toBe(0);
    expect(asked.filter((path) => path.startsWith('/api/leaderboard'))).toEqual([]);

    // The keyboard's focus on Leagues fetches its screen (the leagues came with the dashboard).
    asked.length = 0;
    await nav.getByRole('link', { name: 'Leagues' }).focus();
    await expect.poll(() => asked.some((path) => /^\/assets\/leagues-[\w-]+\.js$/.test(path))).toBe(true);
    await context.close();
  });
});
