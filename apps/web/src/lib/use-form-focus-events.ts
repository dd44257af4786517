import { type FocusEvent, useCallback, useRef } from 'react';
import { sendAnalyticsEvent } from './analytics.ts';

/**
 * The specification's form focus events: `form_focus` the first time each field of a form is
 * focused while the form is shown (never its value). Put the returned handler on the
 * `<form>`: focus events bubble to it from every field.
 */
export function useFormFocusEvents(form: string): (event: FocusEvent<HTMLFormElement>) => void {
  const focused = useRef(new Set<string>());
  return useCallback(
    (event: FocusEvent<HTMLFormElement>) => {
      const target = event.target as Partial<HTMLInputElement>;
      const field = target.name;
      if (!field || focused.current.has(field)) return;
      focused.current.add(field);
      sendAnalyticsEvent({ name: 'form_focus', path: window.location.pathname, properties: { form, field } });
    },
    [form],
  );
}
