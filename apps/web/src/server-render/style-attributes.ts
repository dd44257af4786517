/**
 * Radix writes size variables (`--radix-accordion-content-height`, ...) as style attributes,
 * which no style of ours reads. In a page prerendered at build time they would be style
 * attributes, which the page's CSP refuses (the browser's app sets them through the DOM, which
 * it allows).
 */
const RADIX_SIZE_VARIABLES = / style="(?:--radix-[a-z-]+:[^;"]*;?)+"/g;

/**
 * The prerendered markup without Radix's size variables, or null when another style attribute
 * is left: the CSP would refuse it (a page built once for everyone cannot carry its hashes in
 * a per-response policy, as a page drawn per request does: styleAttributeValues below).
 */
export function withoutStyleAttributes(markup: string): string | null {
  const cleaned = markup.replaceAll(RADIX_SIZE_VARIABLES, '');
  return / style="/.test(cleaned) ? null : cleaned;
}

const STYLE_ATTRIBUTE = / style="([^"]*)"/g;

/** React's escapes in an attribute value, and what they stand for. */
const ATTRIBUTE_ESCAPES: readonly (readonly [escaped: string, character: string])[] = [
  ['&quot;', '"'],
  ['&#x27;', "'"],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&amp;', '&'],
];

/**
 * Each style attribute of the markup once, as the browser reads it (escapes undone): what a
 * page drawn per request lets through its CSP by hash (apps/server/src/plugins/app/web-app.ts),
 * so the browser draws the page as React will take it over, attribute for attribute.
 */
export function styleAttributeValues(markup: string): string[] {
  const values = new Set<string>();
  for (const [, escaped = ''] of markup.matchAll(STYLE_ATTRIBUTE)) {
    values.add(ATTRIBUTE_ESCAPES.reduce((value, [from, to]) => value.replaceAll(from, to), escaped));
  }
  return [...values];
}
