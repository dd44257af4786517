import type { AppNotification, NotificationSummary, NotificationTab } from '@hit21/core';
import { BellOff, CheckCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getUserMessage } from '../../../lib/api-client.ts';
import { useNotifications } from '../api/list-notifications.ts';
import { useNow } from '../hooks/use-now.ts';
import { loadedNotifications } from '../utils/notification-cache.ts';
import { emptyStateFor } from '../utils/notification-view.ts';
import { NotificationItem } from './notification-item.tsx';

/** One tab's items, newest first, with "Load more"; or its loading, error or empty state. */
export function NotificationList({
  tab,
  summary,
  onMark,
  onNavigate,
}: {
  tab: NotificationTab;
  summary: NotificationSummary | undefined;
  onMark: (item: AppNotification, read: boolean) => void;
  onNavigate: () => void;
}) {
  const query = useNotifications(tab);
  const now = useNow();

  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return (
      <QueryError
        tone="panel"
        className="px-4"
        message={getUserMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const items = loadedNotifications(query.data);
  if (items.length === 0) {
    const empty = emptyStateFor(tab, summary);
    const Icon = tab === 'unread' && empty.hint === 'All caught up!' ? CheckCheck : BellOff;
    return (
      <div
        data-testid="notifications-empty"
        className="flex flex-col items-center gap-2 px-6 py-10 text-center"
      >
        <Icon aria-hidden="true" className="size-8 text-felt-300" />
        <p className="font-semibold text-ink">{empty.title}</p>
        {empty.hint ? <p className="text-muted text-sm">{empty.hint}</p> : null}
      </div>
    );
  }

  return (
    <div>
      <ul
        aria-label={tab === 'unread' ? 'Unread notifications' : 'Read notifications'}
        className="divide-y divide-line"
      >
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} now={now} onMark={onMark} onNavigate={onNavigate} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="flex justify-center border-line border-t p-2">
          <Button
            variant="ghost"
            size="sm"
            className="text-felt-900"
            isLoading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading notifications" className="flex flex-col divide-y divide-line">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-start gap-3 px-4 py-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3.5 w-4/5" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </div>
      ))}
    </div>
  );
}
