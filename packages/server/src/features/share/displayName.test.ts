import { describe, expect, it } from 'vitest';
import { displayName } from './displayName.js';

describe('displayName', () => {
  it.each([
    [{ given_name: 'Ada', family_name: 'Lovelace' }, 'Ada Lovelace'],
    [{ given_name: ' Ada ', family_name: '' }, 'Ada'],
    [{ family_name: 'Lovelace' }, 'Lovelace'],
    [{ given_name: 42, family_name: { text: 'x' } }, null],
    [{}, null],
  ])('%j → %s', (profile, expected) => {
    expect(displayName(profile)).toBe(expected);
  });
});
