import { type AppNotification, NOTIFICATION_MESSAGES, type NotificationTab } from '@hit21/core';
import { CheckCheck, Settings, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { getUserMessage } from '../../../lib/api-client.ts';
import { useNotificationSummary } from '../../../lib/queries/get-notification-summary.ts';
import { toast } from '../../../lib/toast.ts';
import { useClearNotifications } from '../api/clear-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-read.ts';
import { useMarkNotification } from '../api/mark-notification.ts';
import { NotificationList } from './notification-list.tsx';

export const NOTIFICATION_PANEL_TITLE_ID = 'notifications-panel-title';

const TRIGGER = 'flex-1 gap-1.5 px-2';
const COUNT = 'numeric min-w-6 rounded-full bg-current/15 px-1.5 py-0.5 text-xs';

/** The dropdown's content: header with settings, the Unread and Read tabs, and each tab's footer action. */
export function NotificationPanel({
  onNavigate,
  onOpenSettings,
}: {
  onNavigate: () => void;
  onOpenSettings: () => void;
}) {
  const [tab, setTab] = useState<NotificationTab>('unread');
  const { data: summary } = useNotificationSummary();
  const mark = useMarkNotification();
  const markAll = useMarkAllNotificationsRead();
  const clear = useClearNotifications();
  const unreadCount = summary?.unreadCount ?? 0;
  const readCount = summary?.readCount ?? 0;

  function handleMark(item: AppNotification, read: boolean) {
    mark.mutate(
      { item, read },
      { onError: (error) => toast.error({ title: 'Error', message: getUserMessage(error) }) },
    );
  }

  return (
    <div className="flex max-h-[inherit] flex-col">
      <div className="flex items-center justify-between gap-2 border-line border-b py-1 pr-1 pl-4">
        <h2
          id={NOTIFICATION_PANEL_TITLE_ID}
          className="font-display font-semibold text-felt-900 text-lg uppercase tracking-wide"
        >
          Notifications
        </h2>
        <Button
          variant="ghost"
          size="icon"
          className="text-felt-900"
          aria-label="Notification settings"
          title="Notification settings"
          onClick={onOpenSettings}
        >
          <Settings aria-hidden="true" />
        </Button>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value === 'read' ? 'read' : 'unread')}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className="px-3 pt-3">
          <TabsList aria-label="Notifications" className="flex w-full">
            <TabsTrigger value="unread" className={TRIGGER}>
              Unread <span className={COUNT}>{unreadCount}</span>
            </TabsTrigger>
            <TabsTrigger value="read" className={TRIGGER}>
              Read <span className={COUNT}>{readCount}</span>
            </TabsTrigger>
          </TabsList>
        </div>
        {(['unread', 'read'] as const).map((value) => (
          <TabsContent
            key={value}
            value={value}
            className="mt-2 min-h-0 flex-1 overflow-y-auto overscroll-contain"
          >
            <NotificationList tab={value} summary={summary} onMark={handleMark} onNavigate={onNavigate} />
          </TabsContent>
        ))}
      </Tabs>
      <div className="border-line border-t p-2">
        {tab === 'unread' ? (
          <Button
            variant="ghost"
            size="sm"
            className="w-full text-felt-900"
            disabled={unreadCount === 0}
            isLoading={markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onError: (error) => toast.error({ title: 'Error', message: getUserMessage(error) }),
              })
            }
          >
            {markAll.isPending ? null : <CheckCheck aria-hidden="true" />}
            {NOTIFICATION_MESSAGES.markAllRead}
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className="w-full text-bust-700"
            disabled={unreadCount + readCount === 0}
            isLoading={clear.isPending}
            onClick={() =>
              clear.mutate(undefined, {
                onSuccess: () => toast.success({ title: NOTIFICATION_MESSAGES.cleared }),
                onError: () => toast.error({ title: NOTIFICATION_MESSAGES.clearFailed }),
              })
            }
          >
            {clear.isPending ? null : <Trash2 aria-hidden="true" />}
            {NOTIFICATION_MESSAGES.clearAll}
          </Button>
        )}
      </div>
    </div>
  );
}
