import { readdir } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, MOBILE, setUpBrowser } from './support/browser.ts';

/*
 * What a first visit costs, checked on the production build as the server ships it: the
 * landing page's JavaScript over the wire, compression, caching and no source maps.
 * `npm run bench:web` measures the same pages with Lighthouse.
 */

/**
 * The landing page's JavaScript, compressed, headers included. Visitors get the page
 * prerendered, with one small script of its own and no React (apps/web/src/prerender/; its size
 * is in docs/benchmarks/first-load.md), against a goal of 90 KB. The budget leaves room for that script
 * to grow a little, not for the app to come back.
 */
const LANDING_JAVASCRIPT_BUDGET_BYTES = 8 * 1024;
/** Hashed files never change, so a year (what the server promises) is the least they get. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const browser = setUpBrowser();

/** A response as the network carried it: Node's http neither asks for nor undoes compression. */
interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function getRaw(pathname: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(pathname, baseUrl()), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function decode(response: RawResponse): Buffer {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.body);
    case 'gzip':
      return gunzipSync(response.body);
    default:
      return response.body;
  }
}

/** Every file of the build under /assets/ (its compressed copies and source maps aside), as paths. */
async function builtAssetPaths(): Promise<string[]> {
  const names = await readdir(`${inject('webDistDir')}/assets`);
  return names.filter((name) => !/\.(br|gz|map)$/.test(name)).map((name) => `/assets/${name}`);
}

interface LoadedScript {
  url: string;
  /** Headers and body as received (Chromium's encodedDataLength). */
  transferBytes: number;
  contentEncoding: string;
}

interface LandingPageLoad {
  scripts: LoadedScript[];
  /** What Chromium said it accepts, which decides the encoding it is sent. */
  acceptEncoding: string;
}

/**
 * Opens / in a fresh phone-sized context (nothing cached) and records every script it loads,
 * through the DevTools protocol, until the network has been idle for half a second.
 */
async function loadLandingPage(chromium: Browser): Promise<LandingPageLoad> {
  const context = await chromium.newContext({ viewport: MOBILE, baseURL: baseUrl() });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    const responses = new Map<string, { url: string; contentEncoding: string }>();
    const scripts: LoadedScript[] = [];
    let acceptEncoding = '';
    session.on('Network.requestWillBeSentExtraInfo', ({ headers }) => {
      const header = Object.entries(headers).find(([name]) => name.toLowerCase() === 'accept-encoding');
      if (header && !acceptEncoding) acceptEncoding = String(header[1]);
    });
    session.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type !== 'Script') return;
      const encoding = Object.entries(response.headers).find(
        ([name]) => name.toLowerCase() === 'content-encoding',
      );
      responses.set(requestId, {
        url: response.url,
        contentEncoding: encoding ? String(encoding[1]) : 'none',
      });
    });
    session.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (response) scripts.push({ ...response, transferBytes: encodedDataLength });
    });
    await session.send('Network.enable');
    const response = await page.goto('/', { waitUntil: 'networkidle' });
    if (response?.status() !== 200) throw new Error(`/ answered ${response?.status()}, not 200`);
    if (scripts.length === 0) throw new Error('/ loaded no script');
    return { scripts, acceptEncoding };
  } finally {
    await context.close();
  }
}

function kibibytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

describe('the landing page', () => {
  let load: LandingPageLoad;
  beforeAll(async () => {
    load = await loadLandingPage(browser());
  });

  it(`loads at most ${kibibytes(LANDING_JAVASCRIPT_BUDGET_BYTES)} of JavaScript over the wire`, () => {
    const total = load.scripts.reduce((sum, script) => sum + script.transferBytes, 0);
    const largestFirst = [...load.scripts].sort((a, b) => b.transferBytes - a.transferBytes);
    const breakdown = largestFirst
      .map(
        (script) =>
          `  ${kibibytes(script.transferBytes)} ${new URL(script.url).pathname} (${script.contentEncoding})`,
      )
      .join('\n');
    expect(
      total,
      `The landing page loaded ${kibibytes(total)} (${total} bytes) of JavaScript in ${load.scripts.length} ` +
        `scripts, over the budget of ${kibibytes(LANDING_JAVASCRIPT_BUDGET_BYTES)}; Chromium accepted ` +
        `"${load.acceptEncoding}":\n${breakdown}\n`,
    ).toBeLessThanOrEqual(LANDING_JAVASCRIPT_BUDGET_BYTES);
  });

  it('links no source map, and none is served', async () => {
    const problems: string[] = [];
    for (const { url } of load.scripts) {
      const { pathname } = new URL(url);
      const script = await getRaw(pathname);
      if (/[#@]\s*sourceMappingURL=/.test(script.body.toString('utf8'))) {
        problems.push(`${pathname} has a sourceMappingURL comment`);
      }
      if (script.headers.sourcemap || script.headers['x-sourcemap']) {
        problems.push(`${pathname} names a source map in a header`);
      }
      const map = await getRaw(`${pathname}.map`);
      if (map.status !== 404) problems.push(`${pathname}.map answered ${map.status}, not 404`);
    }
    expect(problems).toEqual([]);
  });
});

describe('compression', () => {
  /** What each Accept-Encoding must be answered with. */
  const CASES = [
    { acceptEncoding: 'br, gzip', expected: 'br' },
    { acceptEncoding: 'gzip', expected: 'gzip' },
    { acceptEncoding: undefined, expected: undefined },
  ] as const;

  /** Each way `pathname` is answered wrongly: encoding, Vary, or a body that differs from the original. */
  async function compressionProblems(pathname: string, isPage: boolean): Promise<string[]> {
    const problems: string[] = [];
    const original = await getRaw(pathname);
    for (const { acceptEncoding, expected } of CASES) {
      const asked = acceptEncoding ? `Accept-Encoding: ${acceptEncoding}` : 'no Accept-Encoding';
      const response = await getRaw(pathname, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      const encoding = response.headers['content-encoding'];
      if (response.status !== 200) {
        problems.push(`${pathname} with ${asked}: status ${response.status}`);
        continue;
      }
      if (encoding !== expected) {
        problems.push(
          `${pathname} with ${asked}: content-encoding ${encoding ?? 'none'}, not ${expected ?? 'none'}`,
        );
        continue;
      }
      // A cache in between must not hand a compressed copy to a client that cannot read it.
      if (expected && !/accept-encoding/i.test(String(response.headers.vary ?? ''))) {
        problems.push(`${pathname} with ${asked}: no "Vary: Accept-Encoding"`);
      }
      const decoded = decode(response);
      // The page carries a fresh nonce each time; files must come back byte for byte.
      const isSame = isPage ? decoded.includes('<div id="root">') : decoded.equals(original.body);
      if (!isSame) problems.push(`${pathname} with ${asked}: the decoded body is not the file`);
    }
    return problems;
  }

  it('answers every script and stylesheet under /assets/ with brotli or gzip, as asked', async () => {
    const assets = (await builtAssetPaths()).filter((pathname) => /\.(js|css)$/.test(pathname));
    expect(assets.length, 'scripts and stylesheets in the build').toBeGreaterThan(0);
    const problems: string[] = [];
    for (const pathname of assets) problems.push(...(await compressionProblems(pathname, false)));
    expect(problems, `${problems.length} problems in ${assets.length} files`).toEqual([]);
  });

  it('answers the page with brotli or gzip, as asked', async () => {
    expect(await compressionProblems('/', true)).toEqual([]);
  });
});

describe('caching', () => {
  it('lets browsers keep every hashed file under /assets/ for a year without asking again', async () => {
    const assets = await builtAssetPaths();
    expect(assets.length, 'files in the build').toBeGreaterThan(0);
    const problems: string[] = [];
    for (const pathname of assets) {
      const cacheControl = String((await getRaw(pathname)).headers['cache-control'] ?? '');
      const maxAge = Number(/(?:^|,)\s*max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0);
      if (!/\bimmutable\b/.test(cacheControl) || maxAge < ONE_YEAR_SECONDS) {
        problems.push(`${pathname}: cache-control "${cacheControl}"`);
      }
    }
    expect(problems, `${problems.length} of ${assets.length} files`).toEqual([]);
  });

  it.each(['/', '/dashboard'])('has browsers check %s again on every visit (no-cache)', async (pathname) => {
    const response = await getRaw(pathname);
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
    expect(String(response.headers['cache-control'] ?? '')).toMatch(/\bno-cache\b/);
  });
});
