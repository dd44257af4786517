import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'gold';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-display font-semibold uppercase tracking-wide whitespace-nowrap select-none transition-colors duration-150 disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:size-[1.15em] [&_svg]:shrink-0';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-pitch-700 text-white shadow-sm hover:bg-pitch-800 active:bg-pitch-900',
  secondary:
    'bg-white text-felt-900 shadow-sm ring-1 ring-stone-300 ring-inset hover:bg-stone-50 active:bg-stone-100',
  ghost: 'bg-transparent text-current hover:bg-current/10 active:bg-current/15',
  danger: 'bg-bust-700 text-white shadow-sm hover:bg-bust-500 active:bg-bust-700',
  gold: 'bg-gold-400 text-felt-950 shadow-sm hover:bg-gold-300 active:bg-gold-500',
};

// Every size keeps a 44 px minimum touch target.
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm',
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-13 px-7 text-lg',
  icon: 'size-11 p-0',
};

export function buttonVariants({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cn(BASE, VARIANTS[variant], SIZES[size], className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the single child (e.g. a router Link) with the button's look. */
  asChild?: boolean;
  /** Shows a spinner, disables the button and marks it busy. */
  isLoading?: boolean;
}

export function Button({
  variant,
  size,
  asChild = false,
  isLoading = false,
  className,
  children,
  disabled,
  type,
  ...props
}: ButtonProps) {
  const classes = buttonVariants({ variant, size, className });
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}
