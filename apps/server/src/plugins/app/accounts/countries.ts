import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(english);

/** Whether a name is an ISO 3166 English country name (the onboarding list offers only those). */
export function isKnownCountryName(name: string): boolean {
  return countries.getAlpha2Code(name, 'en') !== undefined;
}
