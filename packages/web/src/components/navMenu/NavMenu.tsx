import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Link, type LinkProps } from 'react-router';
import { isMenuKey, nextMenuIndex } from './menuFocus';

function menuLinks(root: HTMLElement | null): HTMLAnchorElement[] {
  return Array.from(root?.querySelectorAll<HTMLAnchorElement>('.dropdown-item') ?? []);
}

interface NavMenuProps {
  /** The button's text (the menu's name for assistive technology). */
  title: ReactNode;
  /** The button's id; the list of links is `${id}-links`. */
  id: string;
  /** `NavMenuItem`s. */
  children: ReactNode;
}

/**
 * A drop-down of links in the navigation bar: a disclosure, the WAI-ARIA pattern for site
 * navigation (a button with aria-expanded that shows or hides a list of links), on Bootstrap's
 * drop-down styles. In a navigation bar Bootstrap places the list by CSS alone
 * (data-bs-popper="static"), so no positioning library (Popper) is needed.
 *
 * Keyboard: Enter or Space opens and closes it; Down and Up arrows (Home, End) move between the
 * links, Down from the button opening it; Escape closes it and returns focus to the button;
 * Tab leaves it as any list of links. A click outside it, or on one of its links, closes it.
 */
export function NavMenu({ title, id, children }: NavMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** The link to focus once the list shows (opened by an arrow key). */
  const focusOnOpen = useRef<number | null>(null);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current !== null) {
      menuLinks(root.current)[focusOnOpen.current]?.focus();
      focusOnOpen.current = null;
    }
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (!isMenuKey(event.key)) return;
    const items = menuLinks(root.current);
    const current = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (!open) {
      // Only the arrows open it, and only from the button (Home and End keep their own use).
      if (current >= 0 || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
      event.preventDefault();
      focusOnOpen.current = nextMenuIndex(event.key, -1, items.length);
      setOpen(true);
      return;
    }
    event.preventDefault();
    items[nextMenuIndex(event.key, current, items.length)]?.focus();
  }

  /** Focus moving elsewhere on the page (Tab out of it) closes it. */
  function onBlur(event: FocusEvent<HTMLLIElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && !root.current?.contains(next)) setOpen(false);
  }

  /** Following one of its links closes it. */
  function onClick(event: MouseEvent<HTMLUListElement>) {
    if ((event.target as Element).closest('a')) setOpen(false);
  }

  const show = open ? ' show' : '';
  return (
    <li ref={root} className="nav-item dropdown" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        id={id}
        className={`nav-link dropdown-toggle${show}`}
        aria-expanded={open}
        aria-controls={`${id}-links`}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {title}
      </button>
      <ul
        id={`${id}-links`}
        className={`dropdown-menu dropdown-menu-end${show}`}
        data-bs-popper="static"
        onClick={onClick}
      >
        {children}
      </ul>
    </li>
  );
}

/** One link of a `NavMenu`. */
export function NavMenuItem(props: Omit<LinkProps, 'className'>) {
  return (
    <li>
      <Link className="dropdown-item" {...props} />
    </li>
  );
}
