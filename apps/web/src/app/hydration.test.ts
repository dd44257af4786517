import { describe, expect, it } from 'vitest';
import { hydrationElement, type PageHydration, readHydration } from './hydration.ts';

const HYDRATION: PageHydration = {
  queries: {
    mutations: [],
    queries: [
      {
        queryKey: ['league-invite', 'ABCD1234'],
        queryHash: '["league-invite","ABCD1234"]',
        dehydratedAt: 1,
        state: {
          data: { name: 'Quiz </script><script>alert(1)</script> League' },
          dataUpdateCount: 1,
          dataUpdatedAt: 1,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      },
    ],
  },
  router: { loaderData: { '0-0-0-5': null }, actionData: null, errors: null },
};

/** The element's text as a browser's parser would end it: at the first `</script`. */
function parsedText(element: string): string {
  const start = element.indexOf('>') + 1;
  return element.slice(start, element.toLowerCase().indexOf('</script', start));
}

describe('the hydration element', () => {
  it('carries any text, even one that reads as the end of the element, and gives it back whole', () => {
    const element = hydrationElement(HYDRATION);
    expect(element).toMatch(/^<script type="application\/json" id="hit21-hydration">/);
    const text = parsedText(element);
    expect(text).not.toContain('<');
    const page = {
      getElementById: (id: string) => (id === 'hit21-hydration' ? { textContent: text } : null),
    };
    expect(readHydration(page as unknown as Document)).toEqual(HYDRATION);
  });

  it('is read as absent when the page has none, or none that parses', () => {
    expect(readHydration({ getElementById: () => null })).toBeNull();
    const broken = { getElementById: () => ({ textContent: '{"queries":' }) };
    expect(readHydration(broken as unknown as Document)).toBeNull();
  });
});
