import { describe, expect, it } from 'vitest';
import { themeName } from './theme';

describe('themeName', () => {
  it('accepts plain names, lower-cased', () => {
    expect(themeName('default')).toBe('default');
    expect(themeName(' PMID ')).toBe('pmid');
    expect(themeName('acme-2')).toBe('acme-2');
  });

  it('refuses what cannot be a class name', () => {
    for (const raw of ['', '-x', 'a b', 'a"b', 'théme', 'x'.repeat(41)]) {
      expect(themeName(raw)).toBeNull();
    }
  });
});
