import { z } from 'zod';
import {
  GOAL_ALERT_KINDS,
  GOAL_ALERT_PREFERENCES,
  NOTIFICATION_LIMITS,
  NOTIFICATION_TYPES,
} from './notification-rules.ts';

/*
 * The API contract of notifications. Paths (JSON, all under the session cookie except the
 * unsubscribe):
 *   GET    /api/notifications?tab=unread|read&before=&limit=   one page, newest first → notificationsPage
 *   GET    /api/notifications/summary            counts for the bell and the badges → notificationSummary
 *   PATCH  /api/notifications/:id                mark read or unread  markNotificationInput → notification
 *   POST   /api/notifications/read-all           "Mark all as read" → 204
 *   DELETE /api/notifications                    "Clear all unread": every notification of the player → 204
 *   GET    /api/notifications/stream             text/event-stream of notificationStreamEvent (see below)
 *   PUT    /api/profile/goal-alerts              which goal alerts  goalAlertsInput → profile
 *   POST   /api/mail/unsubscribe?token=          one-click unsubscribe, no session (RFC 8058 form
 *                                                body or JSON {token}) → unsubscribeResult
 *
 * The stream: `event: notification` with a `notification` as data when one is stored for the
 * player; `event: sync` (data `{}`) when notifications changed otherwise (read, cleared,
 * removed, on another device too): the page asks for the store again. A `: ping` comment every
 * 25 s keeps proxies from closing it. On every (re)connection the page reloads from the store,
 * so nothing sent while it was away is lost, and it keys items by id, so none shows twice.
 */

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export const goalAlertKindSchema = z.enum(GOAL_ALERT_KINDS);
export const goalAlertPreferenceSchema = z.enum(GOAL_ALERT_PREFERENCES);

/** A notification id: the store's bigint, as a decimal string. */
export const notificationIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'Please give a notification id');

export const notificationSchema = z.object({
  id: notificationIdSchema,
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  /** Whose initial the avatar shows: the requester, or the scorer of a goal alert. */
  actorName: z.string(),
  /** Join requests: the league (its admin page is /leagues/{leagueId}/admin). */
  leagueId: z.uuid().nullable(),
  leagueName: z.string().nullable(),
  /** Goal alerts: what the goal did. */
  goalKind: goalAlertKindSchema.nullable(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
/** `AppNotification`, not `Notification`: the browser's own Notification is used beside it. */
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationTabSchema = z.enum(['unread', 'read']);
export type NotificationTab = z.infer<typeof notificationTabSchema>;

export const notificationsQuerySchema = z.object({
  tab: notificationTabSchema.default('unread'),
  /** The id of the last item already shown: the page continues after it (older). */
  before: notificationIdSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_LIMITS.maxPageSize)
    .default(NOTIFICATION_LIMITS.defaultPageSize),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationSummarySchema = z.object({
  unreadCount: z.int(),
  readCount: z.int(),
  /** Unread join requests, for the Leagues link in the header (99+). */
  unreadJoinRequests: z.int(),
  /** Unread join requests per league the player administers, for Manage (99+) and the Members tab (9+). */
  unreadJoinRequestsByLeague: z.record(z.uuid(), z.int()),
});
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

export const notificationsPageSchema = notificationSummarySchema.extend({
  tab: notificationTabSchema,
  items: z.array(notificationSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: notificationIdSchema.nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const markNotificationInputSchema = z.object({
  read: z.boolean({ error: 'Please say read or unread' }),
});
export type MarkNotificationInput = z.infer<typeof markNotificationInputSchema>;

export const notificationStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('notification'), data: notificationSchema }),
  z.object({ event: z.literal('sync'), data: z.object({}) }),
]);
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;

export const goalAlertsInputSchema = z.object({
  goalAlerts: goalAlertPreferenceSchema,
});
export type GoalAlertsInput = z.infer<typeof goalAlertsInputSchema>;

/** A signed unsubscribe token from an e-mail: base64url, bounded. */
export const unsubscribeTokenSchema = z
  .string({ error: 'This unsubscribe link is incomplete' })
  .min(16, 'This unsubscribe link is incomplete')
  .max(512, 'This unsubscribe link is not valid')
  .regex(/^[A-Za-z0-9_.-]+$/, 'This unsubscribe link is not valid');

export const unsubscribeInputSchema = z.object({ token: unsubscribeTokenSchema });

export const unsubscribeResultSchema = z.object({
  /** The address, partly hidden ("j•••@example.com"), so the page can say whose mail stopped. */
  maskedEmail: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
