import type { CheckName } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { subjectFields, subjectFieldsForOptions, type SubjectField } from './subjectFields.js';

const all: SubjectField[] = ['given_name', 'family_name', 'birthdate'];
const name: SubjectField[] = ['given_name', 'family_name'];
/** A credit file is looked up at the applicant's address too. */
const creditFile: SubjectField[] = [...all, 'address'];

describe('subjectFields: what each check matches its record with', () => {
  it.each<[CheckName[], SubjectField[]]>([
    [['CreditCard', 'KBVL1'], creditFile],
    [['KBVL1'], creditFile],
    [['KBVL2'], creditFile],
    [['MobileContract'], all],
    [['DebitCard', 'MobileContract'], all],
    [['Passport', 'KBVL1'], creditFile],
    [['DrivingLicence', 'KBVL2'], creditFile],
    [['Passport'], all],
    [['DrivingLicence'], all],
    [['Bank'], name],
    [['CurrentAccount'], name],
    [['CreditCard'], name],
    [['DebitCard'], name],
    [['OB', 'Bank'], []],
    [['OB', 'KBVL1'], creditFile],
    [['Bank', 'KBVL1'], creditFile],
    [['Passport', 'Bank'], all],
    [['GenuinePassport', 'SelfieComparison'], []],
    // The document's photo gives the name and birth date, not the address.
    [['GenuinePassport', 'KBVL1'], ['address']],
    [['OB'], []],
    [[], []],
  ])('%j needs %j', (remaining, expected) => {
    expect(subjectFields(remaining)).toEqual(expected);
  });
});

describe('subjectFieldsForOptions', () => {
  it.each<[CheckName[][], SubjectField[]]>([
    [[['CreditCard', 'KBVL1']], creditFile],
    [
      [
        ['CreditCard', 'KBVL1'],
        ['Passport', 'KBVL1'],
      ],
      creditFile,
    ],
    [[['KBVL1'], ['Bank']], name],
    [[['KBVL1'], ['Passport']], all],
    [[['OB'], ['Passport']], []],
    [[], []],
  ])('%j needs %j', (options, expected) => {
    expect(subjectFieldsForOptions(options)).toEqual(expected);
  });
});
