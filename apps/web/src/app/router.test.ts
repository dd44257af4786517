import { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getPageTitle, TITLED_ROUTE_PATTERNS } from '../config/document-title.ts';

let routes: RouteObject[];

beforeAll(async () => {
  // The auth client reads the page's origin when its module loads.
  vi.stubGlobal('window', { location: { origin: 'http://localhost', href: 'http://localhost/' } });
  const { createAppRoutes } = await import('./router.tsx');
  routes = createAppRoutes(new QueryClient());
});

function leaves(list: readonly RouteObject[], parentPath = ''): { route: RouteObject; path: string }[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parentPath : `${parentPath}/${route.path}`.replace(/\/+/g, '/');
    return route.children?.length ? leaves(route.children, path) : [{ route, path }];
  });
}

/** A concrete address for a route pattern: every parameter filled in. */
const exampleOf = (pattern: string) => pattern.replace(/:[^/]+/g, 'abc123');

describe('the route table', () => {
  it('gives every leaf route something to render, or a loader that redirects', async () => {
    // React Router warns "Matched leaf route ... does not have an element or Component" for
    // any other leaf, on every visit (the leaderboard tabs used to).
    for (const { route, path } of leaves(routes)) {
      if (route.Component || route.element || route.lazy) continue;
      expect(route.loader, `${path} renders nothing`).toBeTypeOf('function');
      const loader = route.loader as () => unknown;
      const answer = await loader();
      expect(answer instanceof Response && answer.status >= 300 && answer.status < 400, path).toBe(true);
    }
  });

  it('has a route for every titled pattern, and the 404 page only for unknown paths', () => {
    for (const pattern of TITLED_ROUTE_PATTERNS) {
      const matched = matchRoutes(routes, exampleOf(pattern)) ?? [];
      const leaf = matched.at(-1)?.route;
      expect(leaf?.path, pattern).not.toBe('*');
      expect(getPageTitle(exampleOf(pattern)), pattern).not.toBe('Page Not Found');
    }
    expect(matchRoutes(routes, '/no/such-page')?.at(-1)?.route.path).toBe('*');
    expect(getPageTitle('/no/such-page')).toBe('Page Not Found');
  });
});
