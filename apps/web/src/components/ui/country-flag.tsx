import { cn } from '../../lib/cn.ts';

/*
 * Flags are SVG files from country-flag-icons (3:2), served from our own origin: emoji flags
 * are not drawn on Windows (it shows two letters). Only the URL of each flag is bundled (a
 * few kilobytes for all of them); a flag's SVG is fetched when a page shows it, and never
 * inlined into the JavaScript ("no-inline"). The path is where npm workspaces install the
 * package (the repository root's node_modules, fixed by the lockfile).
 */
const FLAG_URLS = import.meta.glob<string>('../../../../../node_modules/country-flag-icons/3x2/*.svg', {
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});

const FLAG_URL_BY_CODE = new Map(
  Object.entries(FLAG_URLS).map(([path, url]) => [
    path.slice(path.lastIndexOf('/') + 1, -'.svg'.length),
    url,
  ]),
);

/** The URL of a country's flag by its ISO 3166-1 alpha-2 code ("GB"), if there is one. */
export function flagUrl(alpha2: string | undefined): string | undefined {
  return alpha2 ? FLAG_URL_BY_CODE.get(alpha2.trim().toUpperCase()) : undefined;
}

/**
 * A country's flag, 3:2, as tall as the text around it unless a class says otherwise.
 * Decorative: the country's name is always written beside it. Nothing for an unknown code.
 */
export function CountryFlag({ code, className }: { code: string | undefined; className?: string }) {
  const src = flagUrl(code);
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      aria-hidden="true"
      width={21}
      height={14}
      loading="lazy"
      decoding="async"
      data-testid="country-flag"
      data-country={code}
      className={cn(
        'inline-block h-[1em] w-auto shrink-0 rounded-[2px] object-cover shadow-[0_0_0_1px_rgb(0_0_0/0.12)]',
        className,
      )}
    />
  );
}
