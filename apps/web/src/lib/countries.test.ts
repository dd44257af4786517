import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryNameFromStored, findCountryByName, searchCountries } from './countries.ts';

describe('COUNTRIES', () => {
  it('lists every ISO 3166 country once, sorted by English name', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    const names = COUNTRIES.map((country) => country.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort((first, second) => first.localeCompare(second, 'en')));
    expect(names[0]).toBe('Afghanistan');
  });

  it('gives each country its code', () => {
    expect(findCountryByName('United Kingdom')).toMatchObject({ code: 'GB' });
    expect(findCountryByName('france')).toMatchObject({ code: 'FR' });
  });
});

describe('countryNameFromStored', () => {
  it('turns a stored code of 3 characters or fewer into the full English name', () => {
    expect(countryNameFromStored('GB')).toBe('United Kingdom');
    expect(countryNameFromStored('GBR')).toBe('United Kingdom');
    expect(countryNameFromStored('gb')).toBe('United Kingdom');
    expect(countryNameFromStored('UK')).toBe('United Kingdom');
    expect(countryNameFromStored('826')).toBe('United Kingdom');
    expect(countryNameFromStored('NG')).toBe('Nigeria');
  });

  it('keeps full names and unknown values as stored', () => {
    expect(countryNameFromStored('United Kingdom')).toBe('United Kingdom');
    expect(countryNameFromStored('Wales')).toBe('Wales');
    expect(countryNameFromStored('XYZ')).toBe('XYZ');
    expect(countryNameFromStored('')).toBe('');
  });
});

describe('searchCountries', () => {
  it('puts names starting with the text first', () => {
    const names = searchCountries('ire').map((country) => country.name);
    expect(names[0]).toBe('Ireland');
  });

  it('finds a country by a word inside its name, ignoring accents', () => {
    expect(searchCountries('kingdom').map((country) => country.name)).toContain('United Kingdom');
    expect(searchCountries('cote').map((country) => country.code)).toContain('CI');
  });

  it('finds a country by an alias or code', () => {
    expect(searchCountries('uk')[0]?.name).toBe('United Kingdom');
    expect(searchCountries('usa').map((country) => country.code)).toContain('US');
  });

  it('returns everything for an empty query and nothing for nonsense', () => {
    expect(searchCountries('  ')).toHaveLength(COUNTRIES.length);
    expect(searchCountries('qqqq')).toEqual([]);
  });
});
