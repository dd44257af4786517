import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordPageView } from './analytics.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('recordPageView', () => {
  it('sends a page_view beacon with a JSON body', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    recordPageView('/dashboard');
    expect(sendBeacon).toHaveBeenCalledOnce();
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/analytics/events');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({ name: 'page_view', path: '/dashboard' });
  });

  it('falls back to a keepalive fetch and swallows its failure', async () => {
    vi.stubGlobal('navigator', {});
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchMock);
    expect(() => recordPageView('/rules')).not.toThrow();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.keepalive).toBe(true);
    expect(init.method).toBe('POST');
    await Promise.resolve();
  });

  it('falls back to fetch when sendBeacon throws', () => {
    vi.stubGlobal('navigator', {
      sendBeacon: () => {
        throw new TypeError('blocked');
      },
    });
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    expect(() => recordPageView('/rules')).not.toThrow();
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
