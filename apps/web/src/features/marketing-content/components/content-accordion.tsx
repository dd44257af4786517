import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface ContentAccordionItem {
  /** Stable id: the item's value and its analytics label. */
  id: string;
  title: string;
  /** Optional decorative icon before the title. */
  icon?: ReactNode;
  content: ReactNode;
}

export interface ContentAccordionProps {
  items: readonly ContentAccordionItem[];
  /** Heading level of the item titles, to fit the page's outline. */
  headingLevel?: 'h2' | 'h3';
  /** Ids open on first render. */
  defaultOpen?: readonly string[];
  /** Called when the reader opens or closes an item. */
  onToggle?: (id: string, isOpen: boolean) => void;
  className?: string;
}

/**
 * Collapsible sections (Radix accordion): each title is a button with aria-expanded,
 * Enter or Space toggles it and the arrow keys move between titles. Several may be open.
 */
export function ContentAccordion({
  items,
  headingLevel: Heading = 'h3',
  defaultOpen = [],
  onToggle,
  className,
}: ContentAccordionProps) {
  const [openIds, setOpenIds] = useState<string[]>(() => [...defaultOpen]);

  function handleValueChange(nextOpenIds: string[]) {
    for (const id of nextOpenIds) if (!openIds.includes(id)) onToggle?.(id, true);
    for (const id of openIds) if (!nextOpenIds.includes(id)) onToggle?.(id, false);
    setOpenIds(nextOpenIds);
  }

  return (
    <Accordion.Root
      type="multiple"
      value={openIds}
      onValueChange={handleValueChange}
      className={cn(
        'divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white text-ink shadow-sm shadow-stone-900/5',
        className,
      )}
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} data-item-id={item.id} className="group/item">
          <Accordion.Header asChild>
            <Heading className="font-sans">
              <Accordion.Trigger className="group flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left font-semibold text-base text-ink transition-colors hover:bg-stone-50 focus-visible:-outline-offset-3 sm:px-6 sm:text-lg">
                {item.icon ? (
                  <span
                    aria-hidden="true"
                    className="grid size-9 shrink-0 place-items-center rounded-lg bg-felt-50 text-felt-900 [&_svg]:size-5"
                  >
                    {item.icon}
                  </span>
                ) : null}
                <span className="flex-1">{item.title}</span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </Heading>
          </Accordion.Header>
          <Accordion.Content className="overflow-hidden data-[state=open]:animate-fade-in">
            <div className="flex flex-col gap-3 px-4 pb-5 text-muted leading-relaxed sm:px-6 [&_a]:font-medium [&_a]:text-pitch-800 [&_a]:underline [&_a]:underline-offset-2 [&_strong]:text-ink">
              {item.content}
            </div>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
