/** The Manage badge: the count of pending requests, "99+" above 99. */
export function pendingBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** What the new admin reads on the card until they dismiss it. */
export function handoverNoticeText(reason: 'transferred' | 'account_deleted'): string {
  return reason === 'account_deleted'
    ? 'You are now the admin of this league: its previous admin deleted their account.'
    : 'You are now the admin of this league: its previous admin handed it over to you.';
}
