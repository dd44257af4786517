import { Menu, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { IconCountBadge } from '../ui/count-badge.tsx';
import { MOBILE_MENU_LABELS } from './mobile-menu-labels.ts';

/**
 * The state of a header's mobile menu: it closes on navigation (link, back button, redirect),
 * on a pointer press outside its `navRef` element, and on Escape (which refocuses the toggle).
 */
export function useMobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setIsOpen(false), []);
  const toggle = useCallback(() => setIsOpen((open) => !open), []);

  const { key } = useLocation();
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setIsOpen(false);
  }

  useEffect(() => {
    if (!isOpen) return;
    function handlePointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) close();
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      close();
      toggleRef.current?.focus();
    }
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOpen, close]);

  return { isOpen, close, toggle, navRef, toggleRef, menuId };
}

/**
 * The hamburger / close button of a mobile menu. Its icon follows `aria-expanded` in CSS, and
 * it is a `peer`, so a menu list after it can show with `peer-aria-expanded:flex`: the
 * prerendered landing page's script then only sets the attributes.
 */
export function MobileMenuToggle({
  menu,
  className,
  badge,
}: {
  menu: ReturnType<typeof useMobileMenu>;
  className?: string;
  /** A count for something inside the closed menu (its text, and the words added to the label). */
  badge?: { text: string; label: string };
}) {
  const label = menu.isOpen ? MOBILE_MENU_LABELS.close : MOBILE_MENU_LABELS.open;
  // Open, the menu shows the count beside its own link.
  const closedBadge = menu.isOpen ? undefined : badge;
  return (
    <button
      ref={menu.toggleRef}
      type="button"
      className={cn('group peer relative', className)}
      aria-expanded={menu.isOpen}
      aria-controls={menu.menuId}
      aria-label={closedBadge ? `${label}, ${closedBadge.label}` : label}
      onClick={menu.toggle}
    >
      <Menu aria-hidden="true" className="size-6 group-aria-expanded:hidden" />
      <X aria-hidden="true" className="hidden size-6 group-aria-expanded:block" />
      {closedBadge ? <IconCountBadge testId="menu-badge" text={closedBadge.text} /> : null}
    </button>
  );
}
