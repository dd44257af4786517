import { badgeText, NOTIFICATION_LIMITS } from '@hit21/core';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useRef, useState } from 'react';
import { IconCountBadge } from '../../../components/ui/count-badge.tsx';
import { useNotificationSummary } from '../../../lib/queries/get-notification-summary.ts';
import { bellLabel } from '../utils/notification-view.ts';
import { NOTIFICATION_PANEL_TITLE_ID, NotificationPanel } from './notification-panel.tsx';
import { NotificationSettingsDialog } from './notification-settings-dialog.tsx';

/** The header's bell: the unread count, and the notifications dropdown it opens. */
export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const bellRef = useRef<HTMLButtonElement>(null);
  const { data: summary } = useNotificationSummary();
  const unreadCount = summary?.unreadCount ?? 0;

  return (
    <>
      <Popover.Root open={isOpen} onOpenChange={setIsOpen} modal>
        <Popover.Trigger
          ref={bellRef}
          aria-label={bellLabel(unreadCount)}
          className="relative grid size-11 place-items-center rounded-full text-white hover:bg-white/10 data-[state=open]:bg-white/10"
        >
          <Bell aria-hidden="true" className="size-6" />
          {unreadCount > 0 ? (
            <IconCountBadge
              testId="bell-badge"
              text={badgeText(unreadCount, NOTIFICATION_LIMITS.headerBadgeCap)}
            />
          ) : null}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            aria-labelledby={NOTIFICATION_PANEL_TITLE_ID}
            // A phone gets almost the whole width; the list scrolls inside the screen's height.
            className="z-50 flex max-h-[min(36rem,calc(100dvh-5rem))] w-[min(26rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl bg-white text-ink shadow-2xl ring-1 ring-line data-[state=open]:animate-pop-in"
          >
            <NotificationPanel
              onNavigate={() => setIsOpen(false)}
              onOpenSettings={() => {
                // The dropdown closes first and gives focus back to the bell, so the dialog returns it there.
                setIsOpen(false);
                setTimeout(() => setIsSettingsOpen(true), 0);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <NotificationSettingsDialog open={isSettingsOpen} onOpenChange={setIsSettingsOpen} />
    </>
  );
}
