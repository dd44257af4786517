/**
 * The notification ids this page has already seen, so a repeat (the stream's catch-up after a
 * reconnection, a second event for the same row) never shows a second browser notification.
 * A page sees a handful a day; the set lives as long as the page.
 */
export function createShownNotificationIds(): { claim: (id: string) => boolean } {
  const ids = new Set<string>();
  return {
    /** True the first time an id is claimed, false ever after. */
    claim(id) {
      if (ids.has(id)) return false;
      ids.add(id);
      return true;
    },
  };
}
