import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../lib/countries.ts';
import { flagUrl } from './country-flag.tsx';

/** The file a URL names, without any query ("/assets/GB-a1b2.svg?x" → "GB-a1b2.svg"). */
const fileName = (url: string | undefined) =>
  new URL(url ?? '', 'http://localhost').pathname.split('/').at(-1) ?? '';

describe('flagUrl', () => {
  it('has an SVG file for every country a profile can hold', () => {
    const missing = COUNTRIES.filter((country) => !fileName(flagUrl(country.code)).startsWith(country.code));
    expect(missing.map((country) => country.code)).toEqual([]);
  });

  it('is a file of our own, never inlined into the JavaScript nor fetched from elsewhere', () => {
    const url = flagUrl('gb') ?? '';
    expect(fileName(url)).toMatch(/^GB\b.*\.svg$/);
    expect(url.startsWith('data:')).toBe(false);
    expect(url).not.toMatch(/^https?:/);
  });

  it('has nothing for an unknown code or none', () => {
    expect(flagUrl('XX')).toBeUndefined();
    expect(flagUrl(undefined)).toBeUndefined();
  });
});
