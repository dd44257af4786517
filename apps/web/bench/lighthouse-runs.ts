import lighthouse, { type Flags, type Result } from 'lighthouse';

/** The four categories the bench reports, by their Lighthouse ids. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];

/** One page to measure: where, and as whom. */
export interface BenchPage {
  /** The path as the table shows it (/join/{code} rather than the real code). */
  label: string;
  path: string;
  /** The Cookie header of a signed-in visitor; none for a signed-out one. */
  cookie?: string;
}

/** What the bench keeps of one Lighthouse run. */
export interface PageRun {
  page: string;
  /** Where the page ended up, to prove a signed-in page was not sent to /login. */
  finalUrl: string;
  /** 0–100 each. */
  scores: Record<CategoryId, number>;
  largestContentfulPaintMs: number;
  cumulativeLayoutShift: number;
  totalBlockingTimeMs: number;
  firstContentfulPaintMs: number;
  /** Bytes over the wire (headers and encoded body) of every script the page loaded. */
  scriptTransferBytes: number;
  /** Bytes over the wire of everything the page loaded (Lighthouse's total-byte-weight). */
  totalTransferBytes: number;
}

/** Lighthouse itself could not finish the run (NO_NAVSTART, a lost trace…): worth another try. */
export class LighthouseRuntimeError extends Error {
  override name = 'LighthouseRuntimeError';
}

function numericAudit(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse measured no ${id} on ${lhr.finalDisplayedUrl}`);
  return value;
}

function scriptTransferBytes(lhr: Result): number {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') throw new Error(`No network-requests table for ${lhr.finalDisplayedUrl}`);
  return details.items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0);
}

function summarise(page: BenchPage, lhr: Result): PageRun {
  const scores = {} as Record<CategoryId, number>;
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    // A category without a score means one of its audits could not run: the run failed.
    if (score === null || score === undefined) throw new Error(`No ${id} score for ${page.label}`);
    scores[id] = Math.round(score * 100);
  }
  return {
    page: page.label,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    largestContentfulPaintMs: numericAudit(lhr, 'largest-contentful-paint'),
    cumulativeLayoutShift: numericAudit(lhr, 'cumulative-layout-shift'),
    totalBlockingTimeMs: numericAudit(lhr, 'total-blocking-time'),
    firstContentfulPaintMs: numericAudit(lhr, 'first-contentful-paint'),
    scriptTransferBytes: scriptTransferBytes(lhr),
    totalTransferBytes: numericAudit(lhr, 'total-byte-weight'),
  };
}

/**
 * One Lighthouse run of `page` in the Chrome listening on `port`, with Lighthouse's default
 * configuration: a mid-range phone (mobile emulation) on a slow 4G network and a 4× slower
 * CPU, simulated. Throws when Lighthouse could not measure the page, or when the page did not
 * stay where it was asked for (a signed-in page that sent the visitor to /login).
 */
export async function runLighthouse(baseUrl: string, page: BenchPage, port: number): Promise<PageRun> {
  const flags: Flags = {
    port,
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // The session travels as a header on every request of the run, the page's API calls included.
    extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
  };
  const result = await lighthouse(`${baseUrl}${page.path}`, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.label}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    throw new LighthouseRuntimeError(
      `Lighthouse failed on ${page.label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  }
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== page.path) {
    throw new Error(`${page.label} ended on ${finalPath}: ${page.cookie ? 'not signed in?' : 'redirected'}`);
  }
  return summarise(page, lhr);
}

/** The run with the median performance score (the lower middle one of an even count). */
export function medianRun(runs: PageRun[]): PageRun {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('No runs to take the median of');
  return median;
}
