import {
  markNotificationInputSchema,
  notificationIdSchema,
  notificationSchema,
  notificationSummarySchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from '@hit21/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearNotifications } from '../../../plugins/app/notifications/clear-notifications.ts';
import { listNotifications } from '../../../plugins/app/notifications/list-notifications.ts';
import { markAllNotificationsRead } from '../../../plugins/app/notifications/mark-all-notifications-read.ts';
import { markNotification } from '../../../plugins/app/notifications/mark-notification.ts';
import {
  notificationScope,
  readNotificationSummary,
} from '../../../plugins/app/notifications/notification-summary.ts';

/** The signed-in player's scope: their own rows, join requests of active leagues only. */
async function scopeOf(fastify: FastifyInstance, request: FastifyRequest) {
  const user = await fastify.requireUser(request);
  return notificationScope(user.id, await fastify.activeSeason.get(), fastify.clock());
}

/** The signed-in player's stored notifications: pages, counts, read and unread, clearing. */
const notificationRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/api/notifications',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['notifications'],
        summary: "A page of the player's unread or read notifications, newest first, with the counts",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema },
      },
    },
    async (request) =>
      listNotifications({ db: fastify.db, scope: await scopeOf(fastify, request), ...request.query }),
  );

  fastify.get(
    '/api/notifications/summary',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'The counts for the bell, the Leagues link and the league badges',
        response: { 200: notificationSummarySchema },
      },
    },
    async (request) => readNotificationSummary(fastify.db, await scopeOf(fastify, request)),
  );

  fastify.patch(
    '/api/notifications/:id',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['notifications'],
        summary: "Mark one of the player's notifications read or unread",
        params: z.object({ id: notificationIdSchema }),
        body: markNotificationInputSchema,
        response: { 200: notificationSchema },
      },
    },
    async (request) =>
      markNotification({
        db: fastify.db,
        scope: await scopeOf(fastify, request),
        id: request.params.id,
        read: request.body.read,
      }),
  );

  fastify.post(
    '/api/notifications/read-all',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Mark all as read',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      await markAllNotificationsRead(fastify.db, user.id);
      return reply.status(204).send(null);
    },
  );

  fastify.delete(
    '/api/notifications',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Clear all: every notification of the player, read or unread',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      await clearNotifications(fastify.db, user.id);
      return reply.status(204).send(null);
    },
  );
};

export default notificationRoutes;
