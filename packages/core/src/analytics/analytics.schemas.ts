import { z } from 'zod';

/** First-party analytics: the event names of the specification, recorded by our own server. */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'sign_up',
  'team_created',
  'league_joined',
  'leaderboard_viewed',
  'waitlist_signup',
  'form_focus',
  'social_click',
  'navigation_click',
  'scroll_to_section',
  'countdown_view',
  'faq_toggle',
  'time_on_page',
] as const;

/*
 * Bounds of one event, so that an anonymous visitor cannot store more than a couple of
 * kilobytes a request: the product's events carry at most four short properties.
 */
export const ANALYTICS_LIMITS = {
  pathLength: 512,
  properties: 16,
  keyLength: 40,
  stringValueLength: 256,
  /** The properties as stored (JSON, UTF-8 bytes). */
  propertiesBytes: 2048,
  /** The whole request body the route accepts. */
  bodyBytes: 4096,
} as const;

/** Bytes of `text` in UTF-8, as PostgreSQL stores it. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const propertyKeySchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Property names are letters, digits and underscores')
  .max(ANALYTICS_LIMITS.keyLength, `Property names are at most ${ANALYTICS_LIMITS.keyLength} characters`);

const propertyValueSchema = z.union([
  z.string().max(ANALYTICS_LIMITS.stringValueLength),
  z.number().finite(),
  z.boolean(),
]);

export const analyticsEventInputSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  path: z.string().startsWith('/').max(ANALYTICS_LIMITS.pathLength),
  properties: z
    .record(propertyKeySchema, propertyValueSchema)
    .refine(
      (properties) => Object.keys(properties).length <= ANALYTICS_LIMITS.properties,
      `An event carries at most ${ANALYTICS_LIMITS.properties} properties`,
    )
    .refine(
      (properties) => utf8Length(JSON.stringify(properties)) <= ANALYTICS_LIMITS.propertiesBytes,
      `An event's properties are at most ${ANALYTICS_LIMITS.propertiesBytes} bytes`,
    )
    .optional(),
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventInputSchema>;
