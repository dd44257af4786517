import { AppError, notificationSchema } from '@hit21/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { env } from '../../../config/env.ts';
import { getNotificationSummary } from '../../../lib/queries/get-notification-summary.ts';
import { showBrowserNotification } from '../browser/show-browser-notification.ts';
import { applyStreamNotification, reloadNotifications } from '../utils/apply-stream-event.ts';

const MAX_RETRY_MS = 60_000;

/**
 * One live connection to the player's notifications while signed in (mounted once, in the
 * signed-in layout). EventSource reconnects by itself after a network blip; a refusal (signed
 * out, server starting) closes it for good, so then the session is checked: signed out stops,
 * anything else tries again later, waiting longer each time.
 */
export function useNotificationStream(isSignedIn: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isSignedIn) return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let isStopped = false;

    function connect() {
      source = new EventSource(`${env.API_URL}/api/notifications/stream`, { withCredentials: true });
      source.addEventListener('open', () => {
        failures = 0;
        // Whatever happened while away is read from the store.
        void reloadNotifications(queryClient);
      });
      source.addEventListener('notification', (event) => {
        const parsed = notificationSchema.safeParse(parseJson((event as MessageEvent<string>).data));
        if (!parsed.success) return;
        applyStreamNotification(queryClient, parsed.data);
        // It shows each id once, however often the stream repeats it.
        showBrowserNotification(parsed.data);
      });
      source.addEventListener('sync', () => void reloadNotifications(queryClient));
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED) void retryUnlessSignedOut();
      });
    }

    async function retryUnlessSignedOut() {
      source?.close();
      try {
        await getNotificationSummary();
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
          // Signed out elsewhere: the session guard takes the player to the login page.
          void queryClient.invalidateQueries({ queryKey: ['profile'] });
          return;
        }
      }
      if (isStopped) return;
      failures += 1;
      retryTimer = setTimeout(connect, Math.min(MAX_RETRY_MS, 1000 * 2 ** failures));
    }

    connect();
    return () => {
      isStopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [isSignedIn, queryClient]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
