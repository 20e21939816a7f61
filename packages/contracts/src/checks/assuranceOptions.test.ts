import { describe, expect, it } from 'vitest';
import type { CheckName } from '../checks.js';
import { assuranceMet, automaticChoice, rankAssuranceOptions } from './assuranceOptions.js';

const set = (...checks: CheckName[]) => new Set<CheckName>(checks);
const issueAlternatives: CheckName[][] = [
  ['Passport', 'KBVL1'],
  ['DrivingLicence', 'KBVL1'],
];

describe('rankAssuranceOptions', () => {
  it.each<[string, CheckName[][], Set<CheckName>, Set<CheckName>, Array<[CheckName[], number]>]>([
    [
      'a new user sees every alternative, in the client order when scores tie',
      issueAlternatives,
      set(),
      set(),
      [
        [['Passport', 'KBVL1'], 2],
        [['DrivingLicence', 'KBVL1'], 2],
      ],
    ],
    [
      'fewer checks left ranks first',
      [['Passport', 'KBVL1', 'MobileContract'], ['DrivingLicence']],
      set(),
      set(),
      [
        [['DrivingLicence'], 1],
        [['Passport', 'KBVL1', 'MobileContract'], 3],
      ],
    ],
    [
      'passed checks are left out of what is still to do',
      issueAlternatives,
      set('KBVL1'),
      set(),
      [
        [['Passport'], 1],
        [['DrivingLicence'], 1],
      ],
    ],
    [
      'a failed check scores 100 and its alternative is filtered out',
      issueAlternatives,
      set(),
      set('Passport'),
      [[['DrivingLicence', 'KBVL1'], 2]],
    ],
    [
      'the same checks left twice is one option',
      [
        ['Passport', 'KBVL1'],
        ['KBVL1', 'Passport'],
      ],
      set(),
      set(),
      [[['Passport', 'KBVL1'], 2]],
    ],
    ['nothing possible gives no option', issueAlternatives, set(), set('KBVL1'), []],
    [
      'a met alternative is no option',
      issueAlternatives,
      set('Passport', 'KBVL1'),
      set(),
      [[['DrivingLicence'], 1]],
    ],
  ])('%s', (_name, alternatives, passed, unavailable, expected) => {
    expect(
      rankAssuranceOptions(alternatives, passed, unavailable).map((o) => [o.checks, o.score]),
    ).toEqual(expected);
  });
});

describe('assuranceMet', () => {
  it.each<[CheckName[], boolean]>([
    [[], false],
    [['Passport'], false],
    [['Passport', 'KBVL1'], true],
    [['DrivingLicence', 'KBVL1', 'MobileContract'], true],
  ])('passed %j: %s', (passed, expected) => {
    expect(assuranceMet(issueAlternatives, new Set(passed))).toBe(expected);
  });
});

describe('automaticChoice', () => {
  it.each<[CheckName[][], CheckName[] | null]>([
    [[['KBVL1']], ['KBVL1']],
    [[['KBVL1'], ['KBVL1', 'KBVL1']], ['KBVL1']],
    [[['Passport'], ['DrivingLicence']], null],
    [[['Passport', 'KBVL1']], null],
    [[], null],
  ])('%j chooses %j', (options, expected) => {
    expect(automaticChoice(options.map((checks) => ({ checks, score: checks.length })))).toEqual(
      expected,
    );
  });
});
