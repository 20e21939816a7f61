import { describe, expect, it } from 'vitest';
import { nextStep, type NextStepInput } from './nextStep.js';

const base: NextStepInput = {
  userRequirements: [],
  assuranceChoice: [],
  hasAccount: false,
  requestId: 'req_1234567890',
};

describe('nextStep', () => {
  it.each<[string, Partial<NextStepInput>, string]>([
    ['nobody signed in, new browser', { userRequirements: null }, '/signup'],
    ['nobody signed in, known browser', { userRequirements: null, hasAccount: true }, '/login'],
    [
      'PIN login first',
      { userRequirements: ['consent', 'loginWithMPin', 'loginWithSecondFactor'] },
      '/mpinlogin',
    ],
    [
      'second factor login',
      { userRequirements: ['consent', 'loginWithSecondFactor'] },
      '/SecondFactor',
    ],
    [
      'second factor set-up before a chosen check (the server refuses checks until then)',
      {
        userRequirements: ['assurance', 'setupSecondFactor', 'setupProfile'],
        assuranceChoice: ['GenuinePassport'],
      },
      '/SecondFactor',
    ],
    [
      'PIN set-up before the profile and the checks',
      { userRequirements: ['assurance', 'setupProfile', 'setupMPin'] },
      '/mpinsetup',
    ],
    [
      'assurance without a choice',
      { userRequirements: ['assurance', 'setupProfile'] },
      '/VerifyOptions',
    ],
    [
      'profile capture without a choice',
      { userRequirements: ['assuranceProfileCapturePossible'] },
      '/VerifyOptions',
    ],
    [
      'chosen passport photo',
      { userRequirements: ['assurance'], assuranceChoice: ['GenuinePassport'] },
      '/PassportPhoto',
    ],
    [
      'chosen open banking',
      { userRequirements: ['assurance', 'setupProfile'], assuranceChoice: ['KBVL1', 'OB'] },
      '/obselect',
    ],
    [
      'chosen licence photo',
      { userRequirements: ['assurance'], assuranceChoice: ['GenuineDrivingLicence'] },
      '/DrivingLicencePhoto',
    ],
    [
      'profile before a typed check',
      { userRequirements: ['assurance', 'setupProfile'], assuranceChoice: ['Passport'] },
      '/Profile',
    ],
    ['card', { userRequirements: ['assurance'], assuranceChoice: ['DebitCard'] }, '/CreditCard'],
    [
      'passport',
      { userRequirements: ['assurance'], assuranceChoice: ['Passport', 'KBVL1'] },
      '/Passport',
    ],
    [
      'driving licence',
      { userRequirements: ['assurance'], assuranceChoice: ['DrivingLicence'] },
      '/DrivingLicence',
    ],
    [
      'current account',
      { userRequirements: ['assurance'], assuranceChoice: ['CurrentAccount'] },
      '/BankAccount',
    ],
    ['bank', { userRequirements: ['assurance'], assuranceChoice: ['Bank'] }, '/BankAccount'],
    ['knowledge-based', { userRequirements: ['assurance'], assuranceChoice: ['KBVL2'] }, '/Kbv'],
    [
      'mobile contract',
      { userRequirements: ['assurance'], assuranceChoice: ['MobileContract'] },
      '/MNO',
    ],
    [
      'selfie',
      { userRequirements: ['assurance'], assuranceChoice: ['SelfieComparison'] },
      '/PassportPhoto',
    ],
    [
      'stale choice ignored',
      { userRequirements: ['consent'], assuranceChoice: ['Passport'] },
      '/Consent',
    ],
    [
      'second factor set-up',
      { userRequirements: ['setupSecondFactor', 'setupProfile'] },
      '/SecondFactor',
    ],
    ['profile', { userRequirements: ['setupProfile', 'consent'] }, '/Profile'],
    ['PIN set-up', { userRequirements: ['setupMPin', 'consent'] }, '/mpinsetup'],
    ['PIN login after set-up', { userRequirements: ['loginMPin', 'consent'] }, '/mpinlogin'],
    ['consent', { userRequirements: ['consent'] }, '/Consent'],
    ['done with a request', { userRequirements: [] }, '/sendresponse'],
    ['done without a request', { userRequirements: [], requestId: null }, '/'],
  ])('%s', (_name, input, expected) => {
    expect(nextStep({ ...base, ...input })).toBe(expected);
  });
});
