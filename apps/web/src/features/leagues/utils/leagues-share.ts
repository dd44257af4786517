import { paths } from '../../../config/paths.ts';
import { publicUrl } from '../../../config/public-url.ts';

/** The invite link `{PUBLIC_URL}/join/{code}`. */
export function leagueInviteLink(code: string, origin: string = publicUrl()): string {
  return `${origin.replace(/\/+$/, '')}${paths.joinLeague.getHref(code)}`;
}

export type CopyOutcome = 'copied' | 'unsupported' | 'failed';

/** Copies text with the Clipboard API; never throws. */
export async function copyText(
  text: string,
  clipboard = globalThis.navigator?.clipboard,
): Promise<CopyOutcome> {
  if (!clipboard || typeof clipboard.writeText !== 'function') return 'unsupported';
  try {
    await clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

export type ShareOutcome = 'shared' | 'cancelled' | CopyOutcome;

/**
 * The phone's own share sheet when there is one, else the link is copied. Closing the sheet
 * is not a failure; a share that fails for another reason falls back to copying.
 */
export async function shareOrCopyLink(
  share: { title: string; text: string; url: string },
  browser: Pick<Navigator, 'share' | 'canShare' | 'clipboard'> | undefined = globalThis.navigator,
): Promise<ShareOutcome> {
  if (browser && typeof browser.share === 'function' && (browser.canShare?.(share) ?? true)) {
    try {
      await browser.share(share);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  return copyText(share.url, browser?.clipboard);
}
