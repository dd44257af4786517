import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, MOBILE, screenshot, setUpBrowser } from './support/browser.ts';

/*
 * A visit the web fonts are late for (`font-display: optional` then keeps the fallback for the
 * whole page) looks like one they are in time for: the fallbacks are metric-matched, so a
 * heading in the display face and a line of body text take the same room either way.
 */
const browser = setUpBrowser();

const SAMPLES = {
  heading: { className: 'font-display font-bold uppercase text-4xl', text: 'Set Up Your Profile' },
  button: { className: 'font-display font-semibold uppercase text-base', text: 'Confirm Team 17 / 21' },
  body: {
    className: 'font-sans text-base',
    text: 'Pick four Premier League players and score exactly 21 goals.',
  },
  strong: { className: 'font-sans font-semibold text-base', text: 'Waiting for the league administrator' },
} as const;

type Sample = keyof typeof SAMPLES;
type Sizes = Record<Sample, { width: number; height: number }>;

/**
 * Each sample's drawn size in px, in a span with the app's own classes. With `webFont`, the
 * span is set in the very font file the stylesheet names for its family and weight, loaded
 * here under a name of its own (a face `optional` gave up on this page would not be used).
 */
async function measure(page: Page, webFont: boolean): Promise<Sizes> {
  return page.evaluate(
    async ({ samples, webFont }) => {
      const faces = [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule),
      );
      const result: Record<string, { width: number; height: number }> = {};
      for (const [name, sample] of Object.entries(samples)) {
        const span = document.createElement('span');
        span.className = `${sample.className} whitespace-nowrap`;
        span.textContent = sample.text;
        document.body.append(span);
        if (webFont) {
          const style = getComputedStyle(span);
          const family = style.fontFamily.split(',')[0]?.trim() ?? '';
          const face = faces.find(
            (rule) =>
              rule.style.getPropertyValue('font-family').trim() === family &&
              rule.style.getPropertyValue('font-weight').trim() === style.fontWeight &&
              /-latin-\d/.test(rule.style.getPropertyValue('src')),
          );
          const url = face?.style.getPropertyValue('src').match(/url\("?([^")]+)"?\)/)?.[1];
          if (!url) throw new Error(`No font file for ${family} ${style.fontWeight}`);
          const checked = new FontFace(`Check ${name}`, `url(${url})`, { weight: style.fontWeight });
          document.fonts.add(await checked.load());
          span.style.fontFamily = `"Check ${name}"`;
        }
        const box = span.getBoundingClientRect();
        result[name] = { width: box.width, height: box.height };
        span.remove();
      }
      return result;
    },
    { samples: SAMPLES, webFont },
  ) as Promise<Sizes>;
}

async function open(fontsArrive: boolean): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser().newContext({
    viewport: MOBILE,
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
  });
  if (!fontsArrive) await context.route('**/*.woff2', (route) => route.abort());
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
  await page.evaluate(() => document.fonts.ready);
  return { page, close: () => context.close() };
}

describe('the fallback fonts', () => {
  it('take the room the web fonts take when the fonts do not arrive', async () => {
    const withFonts = await open(true);
    const without = await open(false);
    try {
      const expected = await measure(withFonts.page, true);
      const fallback = await measure(without.page, false);
      for (const name of Object.keys(SAMPLES) as Sample[]) {
        const widthRatio = fallback[name].width / expected[name].width;
        expect(Math.abs(widthRatio - 1), `${name}: ${widthRatio.toFixed(3)} of the width`).toBeLessThan(0.04);
        // An inline box is as tall as its font's ascent and descent: the same line metrics.
        expect(Math.abs(fallback[name].height - expected[name].height), `${name} height`).toBeLessThan(1.5);
      }
      await screenshot(withFonts.page, 'login-web-fonts-375');
      await screenshot(without.page, 'login-fallback-fonts-375');
    } finally {
      await withFonts.close();
      await without.close();
    }
  });
});
