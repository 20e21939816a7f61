import { describe, expect, it } from 'vitest';
import {
  keySetAt,
  keySetFingerprint,
  keyStatus,
  nextKeyChange,
  type KeyState,
  type KeyTimes,
} from './keyLifecycle.js';

const keep = 1000;
const key = (kid: string, generation: number, activatesAt: number, alg = 'ES256'): KeyTimes => ({
  kid,
  alg,
  generation,
  activatesAt,
});

// First key at 0; a staged rotation at 50 activating at 100.
const first = key('a', 1, 0);
const staged = key('b', 2, 100);
const rotation = [first, staged];
// Then an emergency rotation at 60, before b's time: c signs at once.
const emergency = key('c', 3, 60);
const withEmergency = [first, staged, emergency];

describe('keyStatus', () => {
  it.each<[string, KeyTimes, KeyTimes[], number, KeyState, number | null, number | null]>([
    ['the only key signs', first, [first], 10, 'signing', null, null],
    ['an old key signs until the new one activates', first, rotation, 99, 'signing', 100, 1100],
    ['a staged key is published, not signing', staged, rotation, 99, 'next', null, null],
    ['a staged key signs from its activation', staged, rotation, 100, 'signing', null, null],
    ['the replaced key stays published', first, rotation, 100, 'previous', 100, 1100],
    ['until what it signed has expired', first, rotation, 1099, 'previous', 100, 1100],
    ['then it is retired', first, rotation, 1100, 'retired', 100, 1100],
    ['an emergency key signs at once', emergency, withEmergency, 60, 'signing', null, null],
    ['and replaces the signing key at once', first, withEmergency, 60, 'previous', 60, 1060],
    ['a staged key it overtook never signs', staged, withEmergency, 100, 'previous', 60, 1060],
    ['and is published no longer than its peer', staged, withEmergency, 1060, 'retired', 60, 1060],
    [
      'another algorithm is no successor',
      first,
      [first, key('r', 2, 5, 'RS256')],
      10,
      'signing',
      null,
      null,
    ],
  ])('%s', (_name, subject, all, now, state, replacedAt, retiresAt) => {
    expect(keyStatus(subject, all, now, keep)).toEqual({ state, replacedAt, retiresAt });
  });
});

describe('keySetAt', () => {
  it.each<[number, string[], string[], string[]]>([
    [50, ['a', 'b'], ['a'], []],
    [100, ['b', 'a'], ['b'], []],
    [1100, ['b'], ['b'], ['a']],
  ])('at %i publishes %j, signs with %j, retires %j', (now, published, signing, retired) => {
    const view = keySetAt(rotation, now, keep);
    const kids = (keys: KeyTimes[]) => keys.map((k) => k.kid);
    expect([kids(view.published), kids(view.signing), kids(view.retired)]).toEqual([
      published,
      signing,
      retired,
    ]);
  });

  it('changes its fingerprint when a key is published, starts signing, or retires', () => {
    const at = (keys: KeyTimes[], now: number) => keySetFingerprint(keySetAt(keys, now, keep));
    expect(at([first], 50)).not.toEqual(at(rotation, 50));
    expect(at(rotation, 50)).toEqual(at(rotation, 99));
    expect(at(rotation, 99)).not.toEqual(at(rotation, 100));
    expect(at(rotation, 100)).toEqual(at(rotation, 1099));
    expect(at(rotation, 1099)).not.toEqual(at(rotation, 1100));
  });
});

describe('nextKeyChange', () => {
  it.each<[KeyTimes[], number, number | null]>([
    [[first], 10, null],
    [rotation, 50, 100],
    [rotation, 100, 1100],
    [rotation, 1100, null],
    [withEmergency, 60, 100],
  ])('%j at %i: %s', (keys, now, next) => {
    expect(nextKeyChange(keys, now, keep)).toBe(next);
  });
});
