import { type AppNotification, formatRelativeTime, NOTIFICATION_MESSAGES } from '@hit21/core';
import { ExternalLink, LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { avatarInitial, fullDateTime } from '../utils/notification-view.ts';

const ACTION =
  'grid size-11 shrink-0 place-items-center rounded-full text-felt-900 hover:bg-felt-50 focus-visible:bg-felt-50';

/** One notification: who, what, when, and its two actions (read circle, view league / dashboard). */
export function NotificationItem({
  item,
  now,
  onMark,
  onNavigate,
}: {
  item: AppNotification;
  now: Date;
  onMark: (item: AppNotification, read: boolean) => void;
  onNavigate: () => void;
}) {
  const createdAt = new Date(item.createdAt);
  return (
    <li
      data-testid="notification-item"
      data-read={item.read}
      className={cn('flex items-start gap-3 px-3 py-3 sm:px-4', item.read ? 'bg-white' : 'bg-gold-100/40')}
    >
      <span
        aria-hidden="true"
        className="mt-0.5 grid size-10 shrink-0 place-items-center rounded-full bg-felt-900 font-bold font-display text-lg text-white"
      >
        {avatarInitial(item.actorName)}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="font-semibold text-ink leading-snug">{item.title}</p>
        <p className="break-words text-muted text-sm leading-snug">{item.message}</p>
        <time dateTime={item.createdAt} title={fullDateTime(createdAt)} className="text-muted text-xs">
          {formatRelativeTime(createdAt, now)}
        </time>
      </div>
      <div className="-my-1 -mr-1 flex shrink-0 items-center">
        <ItemLink item={item} onNavigate={onNavigate} />
        <button
          type="button"
          className={ACTION}
          aria-label={`${item.read ? 'Mark as unread' : 'Mark as read'}: ${item.title}`}
          title={item.read ? 'Mark as unread' : 'Mark as read'}
          onClick={() => onMark(item, !item.read)}
        >
          <span
            aria-hidden="true"
            className={cn(
              'size-3.5 rounded-full ring-2 ring-pitch-700',
              item.read ? 'bg-transparent' : 'bg-pitch-700',
            )}
          />
        </button>
      </div>
    </li>
  );
}

function ItemLink({ item, onNavigate }: { item: AppNotification; onNavigate: () => void }) {
  if (item.type === 'goal') {
    return (
      <Link
        to={paths.dashboard.getHref()}
        className={ACTION}
        aria-label="Open your dashboard"
        title="Open your dashboard"
        onClick={onNavigate}
      >
        <LayoutDashboard aria-hidden="true" className="size-5" />
      </Link>
    );
  }
  const label = item.leagueName ? `View league ${item.leagueName}` : 'View league';
  if (!item.leagueId) {
    return (
      <button
        type="button"
        className={ACTION}
        aria-label={label}
        title="View league"
        onClick={() =>
          toast.error({
            title: NOTIFICATION_MESSAGES.navigationError.title,
            message: NOTIFICATION_MESSAGES.navigationError.description,
          })
        }
      >
        <ExternalLink aria-hidden="true" className="size-5" />
      </button>
    );
  }
  return (
    <Link
      to={paths.leagues.admin.getHref(item.leagueId)}
      className={ACTION}
      aria-label={label}
      title="View league"
      onClick={onNavigate}
    >
      <ExternalLink aria-hidden="true" className="size-5" />
    </Link>
  );
}
