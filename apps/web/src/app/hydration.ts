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
 * What a visitor types (or ticks, or leaves) in the server's drawing of the page before the app
 * has taken it over, and a function that does it again in the app's fields once they are the
 * app's: the forms set their starting values as they take the fields over, and would wipe it.
 * What was typed before this is called is read from the fields; what is typed after, until the
 * function is called, is heard as it is typed (a form may have wiped it by then).
 */
export function rememberTypedValues(container: HTMLElement): () => void {
  const typed = new Map<string | Field, { field: Field; value: string; checked: boolean }>();
  const remember = (field: Field) => {
    const tickable = isTickable(field);
    // A named field is found again by its name (a radio group's buttons by their value too);
    // one without a name (a board's search box) is the same element once React has taken it over.
    const key = field.name === '' ? field : tickable ? `${field.name}\u0000${field.value}` : field.name;
    typed.set(key, { field, value: field.value, checked: tickable && field.checked });
  };
  // Fields left (a form checks a field as it is left): left again once the app runs. One typed
  // into before this was called, and no longer focused, has been left.
  const left = new Set<Field>();
  for (const field of container.querySelectorAll<Field>('input, textarea')) {
    if (isTickable(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue) {
      remember(field);
      if (field !== container.ownerDocument.activeElement) left.add(field);
    }
  }
  // Heard first (the document, capturing) and kept from React until the page is the app's: it
  // is done again then, once.
  const document = container.ownerDocument;
  const holdTyping = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    if (!container.contains(field)) return;
    event.stopPropagation();
    if (event.type === 'focusout') left.add(field);
    else remember(field);
  };
  const HELD_EVENTS = ['input', 'change', 'focusout'] as const;
  for (const type of HELD_EVENTS) document.addEventListener(type, holdTyping, true);

  return () => {
    for (const type of HELD_EVENTS) document.removeEventListener(type, holdTyping, true);
    for (const { field: typedInto, value, checked } of typed.values()) {
      const field = typedInto.name === '' ? typedInto : findAgain(container, typedInto);
      if (!field?.isConnected) continue;
      if (isTickable(field)) {
        // A radio is only ever chosen (its group's other buttons are unchosen by that).
        if (field.type === 'radio' && !checked) continue;
        if (field.checked === checked) field.checked = !checked;
        field.click();
      } else {
        // The untouched value first: a form that took the typed value in as it set up its field
        // counts it, but would not redraw for it (a Save button left disabled).
        typeInto(field, field.defaultValue);
        typeInto(field, value);
      }
    }
    for (const field of left) {
      if (field.isConnected && field !== document.activeElement) {
        field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      }
    }
  };
}

/** The app's field of a name (and, for a tickable one, a value) a field typed into had. */
function findAgain(container: HTMLElement, field: Field): Field | null {
  const selector = isTickable(field)
    ? `[name="${CSS.escape(field.name)}"][value="${CSS.escape(field.value)}"]`
    : `[name="${CSS.escape(field.name)}"]`;
  return container.querySelector<Field>(selector);
}

/** Types `text` into a field as a person would, for React (and the form) to hear it. */
function typeInto(field: Field, text: string): void {
  // React hears a change against the value it last saw, which the field's own setter records:
  // one that is not `text` is recorded, then `text` set past it.
  field.value = `${text} `;
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function isTickable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}
