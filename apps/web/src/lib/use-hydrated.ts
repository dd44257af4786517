import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while a page is drawn on the server (src/server-render/) and while the browser takes
 * over that drawing, which must match it; true from the render after. A page the browser draws
 * itself is hydrated from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * The time zone to show a moment in: the reader's own, except in a page drawn on the server
 * (which cannot know it) and the browser's first render of that page, which say UTC.
 */
export function useDisplayTimeZone(): 'UTC' | undefined {
  return useHydrated() ? undefined : 'UTC';
}

/**
 * Today as YYYY-MM-DD in the reader's own calendar (a date field's upper bound), or undefined
 * while the page may be the server's drawing, whose day is UTC's.
 */
export function useLocalToday(): string | undefined {
  if (!useHydrated()) return undefined;
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
