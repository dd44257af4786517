import { describe, expect, it, vi } from 'vitest';
import { publicUrl } from '../../../config/public-url.ts';
import { copyText, leagueInviteLink, shareOrCopyLink } from './leagues-share.ts';

const SHARE = { title: 'Join', text: 'Join my league', url: 'https://hit21.example/join/ABCD1234' };

describe('invite link, copy and share', () => {
  it('builds {PUBLIC_URL}/join/{code}', () => {
    expect(leagueInviteLink('ABCD1234', 'https://hit21.example/')).toBe(
      'https://hit21.example/join/ABCD1234',
    );
  });

  it("takes the public URL the server wrote into the page, else the page's own origin", () => {
    const page = (content: string | undefined) => ({
      querySelector: () => (content === undefined ? null : ({ content } as HTMLMetaElement)),
    });
    expect(publicUrl(page('https://play.hit21.example'))).toBe('https://play.hit21.example');
    vi.stubGlobal('window', { location: { origin: 'http://localhost:5173' } });
    try {
      // The development server leaves the placeholder; an old page may lack the tag.
      expect(publicUrl(page('HIT21_PUBLIC_URL'))).toBe('http://localhost:5173');
      expect(publicUrl(page(undefined))).toBe('http://localhost:5173');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('copies, or says why it could not', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await copyText('ABCD1234', { writeText } as unknown as Clipboard)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('ABCD1234');
    expect(await copyText('x', undefined)).toBe('unsupported');
    const failing = { writeText: vi.fn().mockRejectedValue(new Error('denied')) } as unknown as Clipboard;
    expect(await copyText('x', failing)).toBe('failed');
  });

  it('uses the native share sheet when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    const outcome = await shareOrCopyLink(SHARE, { share, clipboard: { writeText } } as unknown as Navigator);
    expect(outcome).toBe('shared');
    expect(share).toHaveBeenCalledWith(SHARE);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats closing the share sheet as no failure', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    expect(await shareOrCopyLink(SHARE, { share } as unknown as Navigator)).toBe('cancelled');
  });

  it('copies the link without a share sheet, or when sharing fails', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await shareOrCopyLink(SHARE, { clipboard: { writeText } } as unknown as Navigator)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(SHARE.url);
    const share = vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    expect(await shareOrCopyLink(SHARE, { share, clipboard: { writeText } } as unknown as Navigator)).toBe(
      'copied',
    );
    expect(await shareOrCopyLink(SHARE, {} as Navigator)).toBe('unsupported');
  });
});
