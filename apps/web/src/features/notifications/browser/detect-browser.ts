/** The browsers the settings dialog has instructions for; every other one is "other". */
export const BROWSER_KINDS = ['chrome', 'firefox', 'safari', 'edge', 'other'] as const;
export type BrowserKind = (typeof BROWSER_KINDS)[number];

/**
 * Which instructions to open first, from the User-Agent. Order matters: Edge, Opera and
 * Samsung Internet also say "Chrome", and Chrome also says "Safari".
 */
export function detectBrowser(userAgent: string): BrowserKind {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/\b(OPR|Opera|SamsungBrowser|YaBrowser|Vivaldi)\//.test(userAgent)) return 'other';
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return 'firefox';
  if (/(Chrome|Chromium|CriOS)\//.test(userAgent)) return 'chrome';
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(userAgent)) return 'safari';
  return 'other';
}
