import { AppError, type NotificationStreamEvent } from '@hit21/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HubStream } from '../../../plugins/app/notifications/notification-hub.ts';
import { requestHeaders } from '../../../plugins/external/auth.ts';

export const NOTIFICATIONS_STREAM_PATH = '/api/notifications/stream';
/** How long a browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 3_000;
/** A client this far behind on reading is dropped; its page reloads from the store when it reconnects. */
const MAX_UNSENT_BYTES = 1_048_576;

const sessionIds = new WeakMap<FastifyRequest, string>();

/**
 * The player's live notifications as Server-Sent Events (@fastify/sse writes the response; the
 * hub, notification-hub.ts, decides what goes to whom). Signed out: 401 in the API's error
 * shape. Past the streams one client address or this instance may hold: 429 or 503 with
 * Retry-After. The stream ends when the session is signed out, revoked or expires (checked by
 * the hub every 30 s), when the player opens more than the per-player cap, at the end of its
 * lifetime (the page reconnects) and when the server closes.
 */
const notificationStreamRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    NOTIFICATIONS_STREAM_PATH,
    {
      // 'manual': no Accept negotiation (EventSource sends text/event-stream, fetch may not);
      // the pings are the hub's, one timer for every stream rather than one each.
      sse: { kind: 'manual', heartbeat: false },
      // One session look-up, which also says which session the stream lives on.
      onRequest: async (request, reply) => {
        const found = await fastify.auth.api.getSession({ headers: requestHeaders(request) });
        if (!found) {
          throw new AppError('UNAUTHENTICATED', {
            reason: 'SIGN_IN_REQUIRED',
            message: 'No valid session',
            userMessage: 'Please sign in to continue.',
          });
        }
        request.signedInUser = found.user;
        sessionIds.set(request, found.session.id);
        // Gone while its session was looked up: no slot to hold, and its close has passed.
        if (request.ip === undefined || request.raw.socket.destroyed) {
          reply.hijack();
          request.raw.destroy();
          return;
        }
        // A slot under the per-client and per-instance caps, freed when the response closes.
        const admission = fastify.notificationHub.admit(request.ip);
        if (!admission.isAdmitted) {
          return reply
            .code(admission.error.statusCode)
            .header('retry-after', String(admission.retryAfterSeconds))
            .send(admission.error.toBody());
        }
        reply.raw.once('close', admission.release);
      },
      schema: {
        tags: ['notifications'],
        summary:
          "The signed-in player's new notifications as they happen (text/event-stream: `notification` and `sync` events, a `: ping` every 25 s)",
      },
    },
    async (request, reply) => {
      const user = await fastify.requireUser(request);
      const sessionId = sessionIds.get(request) ?? '';
      const { sse } = reply;
      const raw = reply.raw;
      sse.keepAlive();
      reply.header('cache-control', 'no-store');
      sse.sendHeaders();
      raw.write(`retry: ${RECONNECT_MS}\n\n`);

      const stream: HubStream = {
        userId: user.id,
        sessionId,
        send(event: NotificationStreamEvent) {
          if (!sse.isConnected) return;
          if (raw.writableLength > MAX_UNSENT_BYTES) {
            sse.close();
            return;
          }
          sse.send(event).catch(() => sse.close());
        },
        ping() {
          if (sse.isConnected) raw.write(': ping\n\n');
        },
        close: () => sse.close(),
      };
      const remove = fastify.notificationHub.add(stream);
      sse.onClose(remove);
      // Closed already (the cap, or the client went away while this was set up).
      if (!sse.isConnected) remove();
    },
  );
};

export default notificationStreamRoutes;
