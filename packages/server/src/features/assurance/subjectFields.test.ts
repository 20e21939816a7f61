import type { CheckName } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { subjectFields, subjectFieldsForOptions, type SubjectField } from './subjectFields.js';

const all: SubjectField[] = ['given_name', 'family_name', 'birthdate'];
const name: SubjectField[] = ['given_name', 'family_name'];

describe('subjectFields: what each check matches its record with', () => {
  it.each<[CheckName[], SubjectField[]]>([
    [['CreditCard', 'KBVL1'], all],
    [['KBVL1'], all],
    [['KBVL2'], all],
    [['MobileContract'], all],
    [['DebitCard', 'MobileContract'], all],
    [['Passport', 'KBVL1'], all],
    [['DrivingLicence', 'KBVL2'], all],
    [['Passport'], all],
    [['DrivingLicence'], all],
    [['Bank'], name],
    [['CurrentAccount'], name],
    [['CreditCard'], name],
    [['DebitCard'], name],
    [['OB', 'Bank'], []],
    [['OB', 'KBVL1'], all],
    [['Bank', 'KBVL1'], all],
    [['Passport', 'Bank'], all],
    [['GenuinePassport', 'SelfieComparison'], []],
    [['GenuinePassport', 'KBVL1'], []],
    [['OB'], []],
    [[], []],
  ])('%j needs %j', (remaining, expected) => {
    expect(subjectFields(remaining)).toEqual(expected);
  });
});

describe('subjectFieldsForOptions', () => {
  it.each<[CheckName[][], SubjectField[]]>([
    [[['CreditCard', 'KBVL1']], all],
    [
      [
        ['CreditCard', 'KBVL1'],
        ['Passport', 'KBVL1'],
      ],
      all,
    ],
    [[['KBVL1'], ['Bank']], name],
    [[['OB'], ['Passport']], []],
    [[], []],
  ])('%j needs %j', (options, expected) => {
    expect(subjectFieldsForOptions(options)).toEqual(expected);
  });
});
