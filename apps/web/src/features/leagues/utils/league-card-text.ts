/** The Manage link's name: the league, and its unread join requests when its badge shows them. */
export function manageLinkLabel(leagueName: string, unreadJoinRequests: number): string {
  if (unreadJoinRequests <= 0) return `Manage ${leagueName}`;
  return `Manage ${leagueName}: ${unreadJoinRequests} new join ${unreadJoinRequests === 1 ? 'request' : 'requests'}`;
}

/** What the new admin reads on the card until they dismiss it. */
export function handoverNoticeText(reason: 'transferred' | 'account_deleted'): string {
  return reason === 'account_deleted'
    ? 'You are now the admin of this league: its previous admin deleted their account.'
    : 'You are now the admin of this league: its previous admin handed it over to you.';
}
