import { describe, expect, it } from 'vitest';
import { detectBrowser } from './detect-browser.ts';

const USER_AGENTS = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  headlessChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
  firefoxIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.2903.48',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
};

describe('which browser the instructions open on', () => {
  it('knows Chrome on every platform, headless Chromium included', () => {
    expect(detectBrowser(USER_AGENTS.chromeWindows)).toBe('chrome');
    expect(detectBrowser(USER_AGENTS.chromeIphone)).toBe('chrome');
    expect(detectBrowser(USER_AGENTS.headlessChromium)).toBe('chrome');
  });

  it('knows Firefox, Safari and Edge, though they also name other browsers', () => {
    expect(detectBrowser(USER_AGENTS.firefoxMac)).toBe('firefox');
    expect(detectBrowser(USER_AGENTS.firefoxIphone)).toBe('firefox');
    expect(detectBrowser(USER_AGENTS.safariMac)).toBe('safari');
    expect(detectBrowser(USER_AGENTS.safariIphone)).toBe('safari');
    expect(detectBrowser(USER_AGENTS.edgeWindows)).toBe('edge');
    expect(detectBrowser(USER_AGENTS.edgeAndroid)).toBe('edge');
  });

  it('sends Chromium relatives and the unknown to the other browsers', () => {
    expect(detectBrowser(USER_AGENTS.opera)).toBe('other');
    expect(detectBrowser(USER_AGENTS.samsung)).toBe('other');
    expect(detectBrowser('')).toBe('other');
    expect(detectBrowser('curl/8.5.0')).toBe('other');
  });
});
