import type { CheckName } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { mostOf, type ScoredCheck } from './checkScores.js';
import { levelAlternatives, levelProfileMet } from './levels.js';

const sorted = (ways: CheckName[][]) => ways.map((way) => [...way].sort()).sort();
const kbv = (verification: number): ScoredCheck => ({
  check: 'KBVL1',
  scores: { strength: 0, validity: 0, activity: 0, fraud: 0, verification },
});

describe('levelProfileMet', () => {
  // The first profile the level lists (GOV.UK's Vot) that the checks meet: P1 lists only L1A,
  // P2 M1A, M1B, M2B and M1C (never accepted here: it asks for no fraud score, and GOV.UK
  // tries it only when a fraud check could not reach its source).
  it.each([
    ['P2', ['Passport', 'KBVL1', 'MobileContract'], 'M1A'],
    ['P1', ['Passport', 'KBVL1', 'MobileContract'], 'L1A'],
    ['P2', ['DrivingLicence', 'OB', 'MobileContract'], 'M2B'],
    ['P1', ['OB', 'MobileContract'], 'L1A'],
    ['P2', ['OB', 'MobileContract'], null], // L1A only: no medium profile
    // L1B (32, verification 1) is met, but GOV.UK's P1 does not list it: no fraud score.
    ['P1', ['Passport', 'KBVL1'], null],
    ['P2', ['Passport', 'KBVL1'], null],
  ] as const)('%s from %j: %s', (level, checks, profile) => {
    expect(levelProfileMet(level, checks.map(mostOf))).toBe(profile);
  });
});

describe('levelAlternatives', () => {
  it('P2 from nothing: the smallest sets of checks that can reach a profile P2 lists', () => {
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

  it('P1 from nothing: L1A, which asks for a fraud score, so always a phone contract', () => {
    expect(sorted(levelAlternatives('P1', []))).toEqual(
      sorted([
        ['OB', 'MobileContract'], // a bank login is a 22 piece and verification 2 at once
        ['Bank', 'MobileContract'],
        ['Passport', 'KBVL1', 'MobileContract'],
        ['Passport', 'SelfieComparison', 'MobileContract'],
        ['DrivingLicence', 'KBVL1', 'MobileContract'],
        ['DrivingLicence', 'SelfieComparison', 'MobileContract'],
        ['GenuinePassport', 'KBVL1', 'MobileContract'],
        ['GenuinePassport', 'SelfieComparison', 'MobileContract'],
        ['GenuineDrivingLicence', 'KBVL1', 'MobileContract'],
        ['GenuineDrivingLicence', 'SelfieComparison', 'MobileContract'],
      ]),
    );
    // Passport and questions meet L1B, which P1 does not list.
    expect(
      levelAlternatives(
        'P1',
        ['Passport', 'KBVL1'].map((c) => mostOf(c as CheckName)),
      ),
    ).toEqual([['MobileContract']]);
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
