import type { DehydratedState } from '@tanstack/react-query';
import { type HydrationState, matchRoutes, type RouteObject } from 'react-router';

/**
 * A page the server drew (src/server-render/) carries what it was drawn from, so the browser's
 * first render matches it and React takes it over rather than drawing it again.
 */
export interface PageHydration {
  /** The queries the page was drawn with (TanStack Query's dehydrated cache). */
  queries: DehydratedState;
  /** What the routes' loaders returned. */
  router: HydrationState;
}

const HYDRATION_ELEMENT_ID = 'hit21-hydration';

/** The hydration as a JSON script element, which runs nothing (no CSP nonce needed). */
export function hydrationElement(hydration: PageHydration): string {
  // `<` escaped: no text inside (a league's name) can close the element.
  const json = JSON.stringify(hydration).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${json}</script>`;
}

export function readHydration(document: Pick<Document, 'getElementById'>): PageHydration | null {
  const text = document.getElementById(HYDRATION_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageHydration;
  } catch {
    return null;
  }
}

/**
 * Loads the code of the routes that match the address, as the server had it when it drew the
 * page: React can only take the page over once every screen on it is there. False when some
 * code cannot load; the app then draws the page itself (and says what failed).
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: Location): Promise<boolean> {
  const matches = matchRoutes(routes, location) ?? [];
  try {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
    return true;
  } catch {
    return false;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * What a visitor typed (or ticked) in the server's drawing of the page before the app took it
 * over, and a function that types it again into the app's fields once they are the app's: the
 * forms set their starting values as they take the fields over, and would wipe it.
 */
export function rememberTypedValues(container: HTMLElement): () => void {
  const fields = [...container.querySelectorAll<Field>('input[name], textarea[name]')];
  const typed = fields
    .filter((field) =>
      isTickable(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue,
    )
    .map((field) => ({ name: field.name, value: field.value, checked: isTickable(field) && field.checked }));

  return () => {
    for (const { name, value, checked } of typed) {
      const field = container.querySelector<Field>(`[name="${CSS.escape(name)}"]`);
      if (!field) continue;
      // React notices a change against the value it last saw, set through the field's own
      // setter (its tracker): that is made the untouched value, then the typed one is typed
      // again, as a person would, for the form to hear it.
      if (isTickable(field)) {
        field.checked = !checked;
        field.click();
      } else {
        field.value = field.defaultValue;
        const prototype =
          field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
        Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
  };
}

function isTickable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}
