import { describe, expect, it } from 'vitest';
import { isMenuKey, nextMenuIndex } from './menuFocus';

describe('nextMenuIndex', () => {
  it('goes from the button to the first link down, the last up', () => {
    expect(nextMenuIndex('ArrowDown', -1, 3)).toBe(0);
    expect(nextMenuIndex('ArrowUp', -1, 3)).toBe(2);
  });

  it('steps through the links and stays at either end', () => {
    expect(nextMenuIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextMenuIndex('ArrowDown', 2, 3)).toBe(2);
    expect(nextMenuIndex('ArrowUp', 2, 3)).toBe(1);
    expect(nextMenuIndex('ArrowUp', 0, 3)).toBe(0);
  });

  it('jumps to the first and last link with Home and End', () => {
    expect(nextMenuIndex('Home', 2, 3)).toBe(0);
    expect(nextMenuIndex('End', 0, 3)).toBe(2);
  });

  it('has nothing to focus in an empty menu', () => {
    expect(nextMenuIndex('ArrowDown', -1, 0)).toBe(-1);
  });
});

describe('isMenuKey', () => {
  it('knows the arrow, Home and End keys only', () => {
    expect(['ArrowDown', 'ArrowUp', 'Home', 'End'].every(isMenuKey)).toBe(true);
    expect(['Enter', 'Escape', 'Tab', 'ArrowLeft', ' '].some(isMenuKey)).toBe(false);
  });
});
