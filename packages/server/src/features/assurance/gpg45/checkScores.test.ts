import type { CheckName } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { gpg45ScoresOf, mostOf, type ScoredCheck } from './checkScores.js';
import { profilesMet } from './evaluate.js';

/** A result scored as a provider might: pieces, then activity, fraud, verification. */
const result = (check: CheckName, s: number, v: number, a = 0, f = 0, ver = 0): ScoredCheck => ({
  check,
  scores: { strength: s, validity: v, activity: a, fraud: f, verification: ver },
});

describe('gpg45ScoresOf', () => {
  it.each([
    ['nothing', [], { pieces: [], activity: 0, fraud: 0, verification: 0 }],
    [
      'a passport, KBV and a mobile contract, as the sandbox scores them',
      [
        result('Passport', 4, 2),
        result('KBVL1', 0, 0, 0, 0, 2),
        result('MobileContract', 0, 0, 1, 1),
      ],
      { pieces: [{ strength: 4, validity: 2 }], activity: 1, fraud: 1, verification: 2 },
    ],
    [
      'a provider claiming more than its check can score is capped',
      [result('Passport', 4, 4, 3, 3, 3), result('CreditCard', 4, 4, 4, 4, 4)],
      {
        pieces: [
          { strength: 4, validity: 2 },
          { strength: 1, validity: 1 },
        ],
        activity: 1,
        fraud: 0,
        verification: 0,
      },
    ],
    [
      'a provider scoring less is taken at its word',
      [result('Bank', 1, 2)],
      { pieces: [{ strength: 1, validity: 2 }], activity: 0, fraud: 0, verification: 0 },
    ],
    [
      'one piece per kind: a bank login and a typed account are one bank account, the better',
      [result('Bank', 1, 2), result('OB', 2, 2, 1, 0, 2), result('CurrentAccount', 1, 2)],
      { pieces: [{ strength: 2, validity: 2 }], activity: 1, fraud: 0, verification: 2 },
    ],
    [
      // A provider claiming a chip read (4/3) is held to the registry's most: no provider here reads one.
      "one piece per kind: a passport's photo check beside its data check, at most 4/2",
      [
        result('Passport', 4, 2),
        result('GenuinePassport', 4, 3),
        result('SelfieComparison', 0, 0, 0, 0, 3),
      ],
      { pieces: [{ strength: 4, validity: 2 }], activity: 0, fraud: 0, verification: 3 },
    ],
    [
      'a credit and a debit card are one payment card',
      [result('CreditCard', 1, 1, 1), result('DebitCard', 1, 1, 1)],
      { pieces: [{ strength: 1, validity: 1 }], activity: 1, fraud: 0, verification: 0 },
    ],
    [
      'a check that examines no piece adds none, whatever its provider says',
      [result('KBVL2', 4, 4, 0, 0, 3), result('MobileContract', 3, 3, 1, 1)],
      { pieces: [], activity: 1, fraud: 1, verification: 3 },
    ],
  ] as const)('%s', (_, results, expected) => {
    expect(gpg45ScoresOf(results)).toEqual(expected);
  });
});

describe('what checks can reach, each scoring its most', () => {
  it.each([
    [['Passport'], []],
    [['Passport', 'KBVL1'], ['L1B']],
    [
      ['Passport', 'KBVL1', 'MobileContract'],
      ['L1A', 'L1B', 'M1A'],
    ],
    [
      ['DrivingLicence', 'KBVL1', 'MobileContract'],
      ['L1A', 'L1B'],
    ],
    [
      ['DrivingLicence', 'OB', 'MobileContract'],
      ['L1A', 'L1B', 'M2B'],
    ],
    [['OB', 'MobileContract'], ['L1A']],
    [['CreditCard', 'Bank', 'KBVL1', 'MobileContract'], ['L1A']],
    // M1C needs a passport of validity 3 (its chip read): a photo alone reaches L1B.
    [['GenuinePassport', 'SelfieComparison'], ['L1B']],
    [
      ['GenuineDrivingLicence', 'SelfieComparison', 'MobileContract'],
      ['L1A', 'L1B'],
    ],
  ] as const)('%j: %j', (checks, profiles) => {
    expect(profilesMet(gpg45ScoresOf(checks.map(mostOf)))).toEqual(profiles);
  });
});
