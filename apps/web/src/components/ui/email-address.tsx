import { Fragment } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * An e-mail address in running text. A long one wraps before an "@" or a "." rather than
 * mid-word or after a hyphen: each part is kept whole (an inline block) unless it is wider
 * than the line on its own, which alone is broken anywhere.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  // "name.surname@mail.example.com" → ["name", ".surname", "@mail", ".example", ".com"]
  const parts = address.split(/(?=[@.])/);
  return (
    <strong className={cn('text-ink', className)}>
      {parts.map((part, index) => (
        // The parts of one address never reorder: the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="inline-block max-w-full [overflow-wrap:anywhere]">{part}</span>
        </Fragment>
      ))}
    </strong>
  );
}
