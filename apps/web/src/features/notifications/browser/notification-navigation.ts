import type { AppNotification } from '@hit21/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';

/*
 * A browser notification is clicked outside React, so the router's navigate is registered
 * here by a component under the router (useNotificationNavigation), and used by the click.
 */

type Navigate = (to: string) => void;
let registeredNavigate: Navigate | undefined;

/** Where a notification leads: a join request to its league's admin page, a goal alert to the dashboard. */
export function notificationTarget(item: Pick<AppNotification, 'type' | 'leagueId'>): string {
  if (item.type === 'join_request' && item.leagueId) return paths.leagues.admin.getHref(item.leagueId);
  return paths.dashboard.getHref();
}

export function registerNotificationNavigate(navigate: Navigate): () => void {
  registeredNavigate = navigate;
  return () => {
    if (registeredNavigate === navigate) registeredNavigate = undefined;
  };
}

/** Client-side when the router has registered, else a full page load. */
export function navigateFromNotification(to: string): void {
  if (registeredNavigate) registeredNavigate(to);
  else window.location.assign(to);
}

/** Call once in a component that stays mounted under the router (the signed-in layout). */
export function useNotificationNavigation(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      registerNotificationNavigate((to) => {
        void navigate(to);
      }),
    [navigate],
  );
}
