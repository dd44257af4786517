/**
 * Radix writes size variables (`--radix-accordion-content-height`, ...) as style attributes,
 * which no style of ours reads. In a page drawn on the server they would be style attributes,
 * which the page's CSP refuses (the browser's app sets them through the DOM, which it allows).
 */
const RADIX_SIZE_VARIABLES = / style="(?:--radix-[a-z-]+:[^;"]*;?)+"/g;

/**
 * The markup without Radix's size variables, or null when another style attribute is left:
 * the CSP would refuse it, so such a page must be drawn by the browser's app.
 */
export function withoutStyleAttributes(markup: string): string | null {
  const cleaned = markup.replaceAll(RADIX_SIZE_VARIABLES, '');
  return / style="/.test(cleaned) ? null : cleaned;
}
