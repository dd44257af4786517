import { describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousAxeViolations, openPage, setUpBrowser } from './support/browser.ts';

const browser = setUpBrowser();

describe('club jerseys', () => {
  it('are served as PNG for every club', async () => {
    const codes = 'ars avl bou bre bri bur che cry eve ful lee liv mci mun new nfo sun tot wes wol'.split(
      ' ',
    );
    for (const code of codes) {
      const response = await fetch(`${baseUrl()}/jersey/${code}.png`);
      expect(response.status, code).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect([...new Uint8Array(await response.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    }
    expect((await fetch(`${baseUrl()}/jersey/xyz.png`)).status).toBe(404);
  });

  it('show the image on the page', async () => {
    const { context, page } = await openPage(browser(), '/');
    const jersey = page.getByTestId('jersey').first();
    await jersey.waitFor();
    await expect
      .poll(() => jersey.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(256);
    expect(await jersey.getAttribute('alt')).toMatch(/ jersey$/);
    await context.close();
  });

  it('fall back to a coloured JERSEY placeholder with the same name when the image fails', async () => {
    const context = await browser().newContext({ baseURL: baseUrl() });
    await context.route('**/jersey/*.png', (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/');
    const fallback = page.getByTestId('jersey-fallback').first();
    await fallback.waitFor();
    expect(await fallback.textContent()).toBe('JERSEY');
    expect(await fallback.getAttribute('aria-label')).toMatch(/ jersey$/);
    expect(await fallback.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    expect(await page.getByTestId('jersey').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
