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

export const analyticsEventInputSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  path: z.string().startsWith('/').max(512),
  properties: z
    .record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean()]))
    .optional(),
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventInputSchema>;
