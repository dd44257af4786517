import { useCallback } from 'react';
import { toast } from '../../../lib/toast.ts';
import { copyText, leagueInviteLink, shareOrCopyLink } from '../utils/leagues-share.ts';

export const CLIPBOARD_UNSUPPORTED_MESSAGE = 'Clipboard API not supported in this browser.';

/** Copy a league's code, copy its invite link, share it: each with the specification's toasts. */
export function useLeagueShareActions() {
  const copyCode = useCallback(async (code: string) => {
    const outcome = await copyText(code);
    if (outcome === 'copied')
      toast.success({ title: 'Code Copied!', message: `${code} is on your clipboard.` });
    else
      toast.error({
        title: 'Copy Failed',
        message:
          outcome === 'unsupported'
            ? CLIPBOARD_UNSUPPORTED_MESSAGE
            : 'Failed to copy league code to clipboard.',
      });
    return outcome;
  }, []);

  const copyLink = useCallback(async (code: string) => {
    const outcome = await copyText(leagueInviteLink(code));
    announceLinkCopy(outcome);
    return outcome;
  }, []);

  const shareLink = useCallback(async (league: { name: string; code: string }) => {
    const outcome = await shareOrCopyLink({
      title: `Join ${league.name} on Hit21`,
      text: `Join my Hit21 mini-league "${league.name}" with code ${league.code}.`,
      url: leagueInviteLink(league.code),
    });
    if (outcome !== 'shared' && outcome !== 'cancelled') announceLinkCopy(outcome);
    return outcome;
  }, []);

  return { copyCode, copyLink, shareLink };
}

function announceLinkCopy(outcome: 'copied' | 'unsupported' | 'failed'): void {
  if (outcome === 'copied')
    toast.success({ title: 'Link Copied!', message: 'Share the invite link with your friends.' });
  else
    toast.error({
      title: 'Copy Failed',
      message:
        outcome === 'unsupported' ? CLIPBOARD_UNSUPPORTED_MESSAGE : 'Failed to copy link to clipboard.',
    });
}
