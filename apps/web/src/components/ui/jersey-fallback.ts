import { readableTextColour } from '@hit21/core';

/** What the shirt image and its fallback box share (plus the size and the caller's classes). */
export const JERSEY_IMAGE_CLASSES = 'inline-block shrink-0 object-contain';
export const JERSEY_FALLBACK_CLASSES =
  'inline-flex shrink-0 select-none items-center justify-center rounded-md font-bold font-display tracking-widest ring-1 ring-black/10 ring-inset';
export const JERSEY_FALLBACK_TEXT = 'JERSEY';

/** The fallback box in the club's primary colour, with text that reads on it. */
export function jerseyFallbackColours(primaryColour: string): { backgroundColor: string; color: string } {
  return { backgroundColor: primaryColour, color: readableTextColour(primaryColour) };
}

/**
 * For pages without React (the prerendered landing page): the same fallback as <Jersey>, put
 * in place of an image that failed. The image carries its club's colour in
 * `data-fallback-colour`.
 */
export function replaceWithJerseyFallback(image: HTMLImageElement): void {
  const fallback = document.createElement('span');
  fallback.setAttribute('role', 'img');
  fallback.setAttribute('aria-label', image.alt);
  fallback.dataset.testid = 'jersey-fallback';
  fallback.className = image.className.replace(JERSEY_IMAGE_CLASSES, JERSEY_FALLBACK_CLASSES);
  Object.assign(fallback.style, jerseyFallbackColours(image.dataset.fallbackColour ?? '#6B7280'));
  const text = document.createElement('span');
  text.setAttribute('aria-hidden', 'true');
  text.textContent = JERSEY_FALLBACK_TEXT;
  fallback.append(text);
  image.replaceWith(fallback);
}
