import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavigationProgress } from '../../components/layouts/navigation-progress.tsx';
import { getDocumentTitle } from '../../config/document-title.ts';
import { recordPageView } from '../../lib/analytics.ts';

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
 * On every route (pathname) change: set the document title, scroll to the top (or to the
 * #hash target) and record a page view. Returns the text to announce to screen readers.
 */
function useRouteChangeEffects(): string {
  const { pathname, hash } = useLocation();
  const recordedPathname = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    // Strict Mode runs effects twice in development; record each pathname once.
    if (recordedPathname.current === pathname) return;
    const isFirstPage = recordedPathname.current === null;
    recordedPathname.current = pathname;

    const title = getDocumentTitle(pathname);
    document.title = title;
    if (!isFirstPage) setAnnouncement(title);
    recordPageView(pathname);

    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);

  return announcement;
}
