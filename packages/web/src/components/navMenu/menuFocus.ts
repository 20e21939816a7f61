/** The keys that move focus within an open navigation menu. */
export type MenuKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

export function isMenuKey(key: string): key is MenuKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End';
}

/**
 * Which of `count` links gets focus on `key`, from `current` (-1: the menu's button has it).
 * Down from the button is the first link and up the last; at either end focus stays, as it
 * did in react-bootstrap's drop-down.
 */
export function nextMenuIndex(key: MenuKey, current: number, count: number): number {
  if (count === 0) return -1;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'ArrowDown':
      return current < 0 ? 0 : Math.min(current + 1, count - 1);
    case 'ArrowUp':
      return current < 0 ? count - 1 : Math.max(current - 1, 0);
  }
}
