import { publicUrl } from '../../../config/public-url.ts';
import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { cn } from '../../../lib/cn.ts';

const SHARE_TEXT =
  'Football blackjack: pick 4 Premier League players and hit exactly 21 goals. Free to play.';

/** Share pages of the networks, each opened with the product's address and a line about it. */
const NETWORKS = [
  {
    id: 'x',
    label: 'X',
    href: (url: string) =>
      `https://x.com/intent/post?${new URLSearchParams({ text: SHARE_TEXT, url }).toString()}`,
  },
  {
    id: 'whatsapp',
    label: 'WhatsApp',
    href: (url: string) =>
      `https://wa.me/?${new URLSearchParams({ text: `${SHARE_TEXT} ${url}` }).toString()}`,
  },
  {
    id: 'facebook',
    label: 'Facebook',
    href: (url: string) =>
      `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url }).toString()}`,
  },
] as const;

/**
 * "Tell your mates": links that share the product's home page on a social network, in a new
 * tab. Records `social_click` with the network.
 */
export function ShareLinks({ source, className }: { source: string; className?: string }) {
  const homeUrl = `${publicUrl().replace(/\/+$/, '')}/`;
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-2', className)}>
      <span className="font-display text-felt-100 text-sm uppercase tracking-widest">Tell your mates</span>
      <ul aria-label="Share Hit21" className="flex flex-wrap gap-2">
        {NETWORKS.map((network) => (
          <li key={network.id}>
            <a
              href={network.href(homeUrl)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center rounded-full px-4 font-medium text-sm text-white ring-1 ring-white/25 hover:bg-white/10"
              onClick={() =>
                sendAnalyticsEvent({
                  name: 'social_click',
                  path: window.location.pathname,
                  properties: { network: network.id, source },
                })
              }
            >
              {network.label}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
