import {
  alpha2ToAlpha3,
  getAlpha2Code,
  getName,
  getNames,
  isValid,
  registerLocale,
  toAlpha2,
} from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';

// The browser build ships without locales: English is the only one the product needs.
registerLocale(english);

export interface Country {
  /** ISO 3166-1 alpha-2 code, e.g. GB. */
  code: string;
  /** The ISO 3166 English name the profile stores, e.g. United Kingdom. */
  name: string;
  /** Other English names and codes a person may type to find it (UK, GBR, Great Britain). */
  searchTerms: string[];
}

// One collator for the whole sort: localeCompare with options builds one per comparison, which
// made this list the costliest thing the app did as it started on a phone.
const byName = new Intl.Collator('en', { sensitivity: 'base' });

function buildCountries(): Country[] {
  const names = getNames('en', { select: 'official' });
  const aliases = getNames('en', { select: 'all' });
  return Object.entries(names)
    .map(([code, name]) => ({
      code,
      name,
      searchTerms: [...(aliases[code] ?? []), code, alpha2ToAlpha3(code) ?? ''].filter(
        (term) => term !== '' && term !== name,
      ),
    }))
    .sort((first, second) => byName.compare(first.name, second.name));
}

/** Every ISO 3166 country with its English name and code (its flag: components/ui/country-flag), sorted by name. */
export const COUNTRIES: readonly Country[] = buildCountries();

const COUNTRIES_BY_NAME = new Map(COUNTRIES.map((country) => [country.name.toLowerCase(), country]));

export function findCountryByName(name: string): Country | undefined {
  return COUNTRIES_BY_NAME.get(name.trim().toLowerCase());
}

/**
 * The full English name of a stored country. Older profiles may hold a code ("GB", "GBR",
 * "826") instead of a name: a value of 3 characters or fewer is looked up as a code (or a
 * short alias such as "UK"). Anything unknown is returned as it was stored.
 */
export function countryNameFromStored(stored: string): string {
  const value = stored.trim();
  if (value === '' || value.length > 3) return value;
  const alpha2 = isValid(value.toUpperCase()) ? toAlpha2(value.toUpperCase()) : getAlpha2Code(value, 'en');
  const name = alpha2 ? getName(alpha2, 'en', { select: 'official' }) : undefined;
  return name ?? value;
}

/** Normalised for matching: lower case, accents stripped ("Côte" matches "cote"). */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * The countries matching what a person typed: an exact name, alias or code first ("uk"),
 * then names starting with it, then names with a word starting with it or containing it,
 * then aliases and codes starting with it ("gbr"), each group in name order.
 */
export function searchCountries(query: string, list: readonly Country[] = COUNTRIES): Country[] {
  const needle = normalise(query);
  if (needle === '') return [...list];
  const groups: [Country[], Country[], Country[], Country[]] = [[], [], [], []];
  for (const country of list) {
    const name = normalise(country.name);
    const terms = country.searchTerms.map(normalise);
    if (name === needle || terms.includes(needle)) groups[0].push(country);
    else if (name.startsWith(needle)) groups[1].push(country);
    else if (name.includes(needle)) groups[2].push(country);
    else if (terms.some((term) => term.startsWith(needle))) groups[3].push(country);
  }
  return groups.flat();
}
