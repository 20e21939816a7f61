import type { CheckName } from '@verity/contracts';

/**
 * Texts of the identity-check screens (second document: /VerifyOptions, /Verify, passport,
 * success and failure, cancel). The texts the spec leaves out are ours.
 */
export const checksCopy = {
  optionsTitle: 'Verify your identity',
  optionsIntro: (client: string) =>
    `${client} needs to confirm your identity. Please choose how you would like to prove who you are.`,
  showMore: 'Show more options >>',
  noOption: 'Sorry we are unable to verify you with only these methods.',
  returnTo: (client: string) => `Cancel and return to ${client}`,
  chosen: (option: string) => `You chose ${option}. Taking you there now...`,
  loadError: 'Oops something went wrong, please try again later.',
  and: ' and ',

  verifyTitle: 'Verify your identity',
  verifyIntro: 'Choose a way to prove who you are.',
  allDone: 'You have completed every verification we offer.',

  continue: 'Continue',
  verifying: 'Verifying...',
  differentOption: 'Choose a different option',
  cannotDo: (document: string) => `I do not have a ${document}`,
  success: (check: string) => `Congratulations, you have verified your ${check} successfully.`,
  failure: (check: string) =>
    `Sorry we have been unable to verify your ${check}. Please choose a different verification option.`,
  checkError: 'Oops something went wrong, please try again later.',
  serviceDown: 'The checking service is not available at the moment. Please try again later.',

  passportTitle: 'Passport',
  passportIntro: 'Please provide your passport details',
  passportNumber: 'Passport No.',
  surname: 'Surname',
  givenNames: 'Given Name(s)',
  dateOfBirth: 'Date of Birth',
  expiryDate: 'Expiry Date',

  cancelling: 'Returning you to the service you came from...',

  kbvTitle: 'Identity check',
  kbvIntro: 'Please answer all the questions below',
  kbvFailed: 'Sorry we have been unable to verify your identity from your answers.',
  kbvInsufficient:
    'Sorry we do not hold enough information about you to ask questions about your identity.',
  returnButton: 'Return',
  home: 'Go to the home page',
} as const;

/** How each check is named to the user. */
export const checkLabels: Record<CheckName, string> = {
  GenuinePassport: 'Passport photo',
  GenuineDrivingLicence: 'Driving licence photo',
  Passport: 'Passport',
  DrivingLicence: 'Driving Licence',
  OB: 'Bank login',
  Bank: 'Bank',
  CurrentAccount: 'Bank account',
  CreditCard: 'Credit Card',
  DebitCard: 'Debit Card',
  SelfieComparison: 'Selfie',
  KBVL1: 'Financial questions',
  KBVL2: 'Financial questions',
  MobileContract: 'Mobile contract',
};

export function optionLabel(checks: readonly CheckName[]): string {
  return [...new Set(checks.map((check) => checkLabels[check]))].join(checksCopy.and);
}
