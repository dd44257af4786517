import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { cn } from '../../lib/cn.ts';

/** How long a pointer rests on the trigger before the tooltip opens. */
const OPEN_DELAY_MS = 250;

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element. A disabled button needs a wrapping <span tabIndex={0}> to get hover and focus. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}

/**
 * Opens on hover and keyboard focus, and also on a click or a tap, which Radix's tooltip
 * ignores on its own: phones have no hover.
 */
export function Tooltip({ content, children, side = 'top', className }: TooltipProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    // A provider of its own: the few screens with tooltips carry Radix's tooltip code, not every page.
    <TooltipPrimitive.Provider delayDuration={OPEN_DELAY_MS}>
      <TooltipPrimitive.Root open={isOpen} onOpenChange={setIsOpen}>
        <TooltipPrimitive.Trigger
          asChild
          onClick={(event) => {
            // Radix closes a tooltip on click unless the event is marked handled.
            event.preventDefault();
            setIsOpen(true);
          }}
        >
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className={cn(
              'z-50 max-w-72 rounded-lg bg-felt-950 px-3 py-2 text-sm text-white shadow-lg data-[state=delayed-open]:animate-fade-in',
              className,
            )}
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-felt-950" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
