import type { CheckName } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { subjectFields, subjectFieldsForOptions, type SubjectField } from './subjectFields.js';

const all: SubjectField[] = ['given_name', 'family_name', 'birthdate'];
const name: SubjectField[] = ['given_name', 'family_name'];

describe('subjectFields', () => {
  it.each<[CheckName[], boolean, SubjectField[]]>([
    [['CreditCard', 'KBVL1'], false, all],
    [['KBVL1'], false, all],
    [['KBVL2'], false, all],
    [['MobileContract'], false, all],
    [['DebitCard', 'MobileContract'], false, all],
    [['KBVL1'], true, []],
    [['MobileContract'], true, []],
    [['Passport', 'KBVL1'], false, []],
    [['DrivingLicence', 'KBVL2'], false, []],
    [['Bank'], false, name],
    [['CurrentAccount'], false, name],
    [['Bank'], true, name],
    [['OB', 'Bank'], false, []],
    [['OB', 'KBVL1'], false, all],
    [['Bank', 'KBVL1'], false, all],
    [['Passport', 'Bank'], false, name],
    [['Passport'], false, []],
    [['DrivingLicence'], false, []],
    [['CreditCard'], false, []],
    [['DebitCard'], false, []],
    [['OB'], false, []],
    [[], false, []],
  ])('%j (document verified: %s) needs %j', (remaining, documentVerified, expected) => {
    expect(subjectFields(remaining, documentVerified)).toEqual(expected);
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
      [],
    ],
    [[['KBVL1'], ['Bank']], name],
    [[], []],
  ])('%j needs %j', (options, expected) => {
    expect(subjectFieldsForOptions(options, false)).toEqual(expected);
  });
});
