import { z } from 'zod';

/*
 * How a stored change to notifications reaches the open pages on every server instance: a
 * PostgreSQL NOTIFY on one channel, sent inside the transaction that wrote the rows (so it goes
 * out on commit, never for a rolled-back change). Each instance's stream hub listens and pushes
 * to the streams it holds. A message is a hint to look in the store, never the only record:
 * a page that missed one reloads from the store when it reconnects.
 */

export const NOTIFICATIONS_CHANNEL = 'notifications';

const playerIdSchema = z.string().min(1).max(200);

export const notificationEventSchema = z.discriminatedUnion('kind', [
  /** New notifications of one player (ids of `notifications` rows): streamed as `notification` events. */
  z.object({
    kind: z.literal('created'),
    userId: playerIdSchema,
    ids: z.array(z.number().int().positive()).max(100),
  }),
  /**
   * New notifications of many players at once (a goal alert's fan-out): every row with an id in
   * [fromId, toId] is new; each instance streams those of the players it holds.
   */
  z.object({
    kind: z.literal('created-range'),
    fromId: z.number().int().positive(),
    toId: z.number().int().positive(),
  }),
  /** One player's notifications changed otherwise (read, cleared, removed): their pages reload. */
  z.object({ kind: z.literal('sync'), userIds: z.array(playerIdSchema).min(1).max(100) }),
]);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** The event in a NOTIFY payload, or undefined for anything else (logged by the caller). */
export function parseNotificationEvent(payload: string): NotificationEvent | undefined {
  try {
    const parsed = notificationEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Players in groups the channel can carry, for a change that touches more than 100 of them. */
export function inGroupsOf<T>(items: readonly T[], size = 100): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
