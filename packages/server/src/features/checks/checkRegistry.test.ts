import { checkNames, checkRegistry, type CheckName } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { checkInfo, offeredChecks, serverCheckRegistry } from './checkRegistry.js';

describe("the server's check registry", () => {
  it('describes every check name and nothing else', () => {
    expect(Object.keys(serverCheckRegistry).sort()).toEqual([...checkNames].sort());
  });

  it('offers the checks that have a screen and a provider here', () => {
    expect([...offeredChecks].sort()).toEqual(
      [
        'Bank',
        'GenuinePassport',
        'GenuineDrivingLicence',
        'SelfieComparison',
        'CreditCard',
        'CurrentAccount',
        'DebitCard',
        'DrivingLicence',
        'KBVL1',
        'KBVL2',
        'MobileContract',
        'OB',
        'Passport',
      ].sort(),
    );
  });

  it.each(checkNames.map((check) => [check]))(
    '%s: its twins are the same check (provider, evidence and scores)',
    (check) => {
      for (const twin of checkRegistry[check].twins as readonly CheckName[]) {
        expect(checkInfo(twin).provider).toBe(checkInfo(check).provider);
        expect(checkInfo(twin).evidence).toEqual(checkInfo(check).evidence);
        expect(checkInfo(twin).scores).toEqual(checkInfo(check).scores);
      }
    },
  );

  it.each([
    ['KBVL1', 'kbv', 'credit_file'],
    ['KBVL2', 'kbv', 'credit_file'],
    ['CreditCard', 'data', 'payment_card'],
    ['DebitCard', 'data', 'payment_card'],
    ['MobileContract', 'data', 'mobile_contract'],
    ['OB', 'data', 'bank_account'],
    ['Bank', 'data', 'bank_account'],
    ['CurrentAccount', 'data', 'bank_account'],
    ['Passport', 'data', 'record'],
    ['GenuinePassport', 'vri', 'record'],
    ['GenuineDrivingLicence', 'vri', 'record'],
    ['SelfieComparison', 'bvr', 'record'],
  ] as const)('%s evidence: check method %s, record %s', (check, checkMethod, recordType) => {
    expect(checkInfo(check).evidence).toEqual({ checkMethod, recordType });
  });
});
