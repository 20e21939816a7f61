import { spaRoutes } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { builtScreens, comingScreens } from './screens';

describe('screens', () => {
  it('gives every route of contracts exactly one screen', () => {
    const paths = [...builtScreens, ...Object.keys(comingScreens)];
    expect([...paths].sort()).toEqual([...spaRoutes].sort());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names every screen not built yet', () => {
    for (const name of Object.values(comingScreens)) expect(name.trim()).not.toBe('');
  });
});
