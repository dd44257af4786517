import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavigationProgress } from '../../components/layouts/navigation-progress.tsx';
import { getDocumentTitle, type TitleContext } from '../../config/document-title.ts';
import { getProfileQueryOptions } from '../../lib/queries/get-profile.ts';
import { titleContextFor } from '../title-context.ts';

/** The root of every page: route-change side effects, then the matched layout. */
export default function RootRoute() {
  const announcement = useRouteChangeEffects();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      {/* Screen readers hear the new page's title after client-side navigation. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

/**
 * The player's own boards, for the titles that name them. Read from the cache only: the pages
 * that need the profile load it themselves.
 */
function useTitleContext(): TitleContext {
  const { data: profile } = useQuery({ ...getProfileQueryOptions(), enabled: false });
  return titleContextFor(profile);
}

/**
 * On every route (pathname) change: set the document title and scroll to the top (or to the
 * #hash target). Returns the text to announce to screen readers. Page views are recorded by
 * the router's page tracking (lib/page-tracking.ts), once redirects have settled.
 */
function useRouteChangeEffects(): string {
  const { pathname, hash } = useLocation();
  const { country, club } = useTitleContext();
  const handledPathname = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // The title also follows the profile, which may arrive after the page.
  useEffect(() => {
    document.title = getDocumentTitle(pathname, { country, club });
  }, [pathname, country, club]);

  useEffect(() => {
    // Strict Mode runs effects twice in development; handle each pathname once.
    if (handledPathname.current === pathname) return;
    const isFirstPage = handledPathname.current === null;
    handledPathname.current = pathname;
    if (!isFirstPage) setAnnouncement(document.title);

    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);

  return announcement;
}
