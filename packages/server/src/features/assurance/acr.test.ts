import { describe, expect, it } from 'vitest';
import { reachedAcr } from './acr.js';

describe('reachedAcr', () => {
  it.each([
    ['urn:verity:aal1', false, 'urn:verity:aal1'],
    ['urn:verity:aal1', true, 'urn:verity:aal1'],
    ['urn:verity:aal2', false, 'urn:verity:aal2'],
    ['urn:verity:aal2', true, 'urn:verity:ial2'],
  ])('a %s login with assurance met %s gives %s', (acr, met, expected) => {
    expect(reachedAcr(acr, met)).toBe(expected);
  });
});
