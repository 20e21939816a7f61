import type { CheckName } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { mostOf, type ScoredCheck } from './checkScores.js';
import { levelAlternatives, levelProfilesMet } from './levels.js';

const sorted = (ways: CheckName[][]) => ways.map((way) => [...way].sort()).sort();
const kbv = (verification: number): ScoredCheck => ({
  check: 'KBVL1',
  scores: { strength: 0, validity: 0, activity: 0, fraud: 0, verification },
});

describe('levelProfilesMet', () => {
  const m1a = ['Passport', 'KBVL1', 'MobileContract'] as const;
  it.each([
    ['P2', m1a, ['M1A']],
    ['P1', m1a, ['L1A', 'L1B', 'M1A']],
    ['P2', ['Passport', 'KBVL1'], []],
    ['P1', ['Passport', 'KBVL1'], ['L1B']],
  ] as const)('%s from %j: %j', (level, checks, profiles) => {
    expect(levelProfilesMet(level, checks.map(mostOf))).toEqual(profiles);
  });
});

describe('levelAlternatives', () => {
  it('P2 from nothing: the smallest sets of checks that can reach a medium profile', () => {
    expect(sorted(levelAlternatives('P2', []))).toEqual(
      sorted([
        ['Passport', 'KBVL1', 'MobileContract'], // M1A
        ['Passport', 'OB', 'MobileContract'], // M1A, the bank login verifying
        ['Passport', 'Bank', 'MobileContract'],
        ['DrivingLicence', 'OB', 'MobileContract'], // M2B
        ['DrivingLicence', 'Bank', 'MobileContract'],
        // The photo checks: a passport's photo scores validity 2 (no chip read), so the photo
        // checks reach M1A and M2B as the data checks do, never M1C.
        ['GenuinePassport', 'KBVL1', 'MobileContract'],
        ['GenuinePassport', 'OB', 'MobileContract'],
        ['GenuinePassport', 'Bank', 'MobileContract'],
        ['GenuinePassport', 'SelfieComparison', 'MobileContract'],
        ['GenuineDrivingLicence', 'OB', 'MobileContract'],
        ['GenuineDrivingLicence', 'Bank', 'MobileContract'],
        ['Passport', 'SelfieComparison', 'MobileContract'],
      ]),
    );
  });

  it('never offers KBVL2 where KBVL1 would do, nor a set holding a smaller one', () => {
    const ways = levelAlternatives('P2', []);
    expect(ways).not.toContainEqual(['Passport', 'KBVL2', 'MobileContract']);
    for (const way of ways)
      for (const other of ways)
        if (other !== way) expect(other.every((check) => way.includes(check))).toBe(false);
  });

  it('starts from what is passed, at the scores it was given', () => {
    const passport: ScoredCheck = mostOf('Passport');
    // Only a mobile contract adds the fraud score M1A still needs (M1C would need a chip read).
    expect(sorted(levelAlternatives('P2', [passport, kbv(2)]))).toEqual([['MobileContract']]);
    // A KBV that scored only 1 still needs verification from another check.
    expect(levelAlternatives('P2', [passport, kbv(1)])).not.toContainEqual(['MobileContract']);
  });

  it('is empty once the level is met', () => {
    expect(
      levelAlternatives(
        'P2',
        ['Passport', 'KBVL1', 'MobileContract'].map((c) => mostOf(c as CheckName)),
      ),
    ).toEqual([]);
  });
});
