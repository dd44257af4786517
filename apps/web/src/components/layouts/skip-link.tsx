export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element of every page: jumps past the navigation. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-lg bg-gold-400 px-4 py-3 font-display font-semibold text-felt-950 uppercase tracking-wide shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:px-4 focus:py-3"
    >
      Skip to main content
    </a>
  );
}
