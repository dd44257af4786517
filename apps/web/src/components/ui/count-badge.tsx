/**
 * The red count on a header icon button (the bell, the menu). It starts at the icon's
 * top-right corner and grows away from it, so "99+" sits beside the icon rather than over it.
 * The button must be `relative`; the count is spoken by the button's own label.
 */
export function IconCountBadge({ text, testId }: { text: string; testId: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className="numeric pointer-events-none absolute top-0 left-1/2 ml-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-bust-700 px-1 font-sans font-semibold text-[0.7rem] text-white leading-none ring-2 ring-felt-900"
    >
      {text}
    </span>
  );
}
