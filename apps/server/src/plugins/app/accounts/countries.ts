import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(english);

/**
 * The official English name of the country `name` names (any case, or another of its English
 * names, such as "UK"), as the onboarding list offers it; undefined for any other text. Stored so,
 * one country is one board whatever a request spelled.
 */
export function officialCountryName(name: string): string | undefined {
  const code = countries.getAlpha2Code(name, 'en');
  return code === undefined ? undefined : countries.getName(code, 'en', { select: 'official' });
}
