import type { BankSelectionError } from '@verity/contracts';
import { localized } from './language';

/** Texts of /obselect, /ObCallback (second document, sections 2, 4 and 8). */
export const openBankingCopy = localized('openBankingCopy', {
  title: 'Choose your bank',
  intro: (client: string | null) =>
    client
      ? `${client} has asked us to verify your identity. Log in to your bank to confirm your bank account is yours.`
      : 'Log in to your bank to confirm your bank account is yours.',
  onlyNameAndNumber:
    'We only ask your bank for your account name and account number. We do not see your balance or transactions.',
  banksLabel: 'Banks',
  chooseBank: (bank: string) => `Log in with ${bank}`,
  noBanks: 'No banks are available at the moment. Please choose a different verification option.',
  cancelLink: (client: string | null) => `Cancel and return to ${client ?? 'the service'}`,
  cancelTitle: 'Cancel?',
  cancelText: 'Do you want to stop verifying your identity and go back?',
  cancelYes: 'Yes, cancel',
  cancelNo: 'No, continue',
  transferringTitle: (bank: string) => `Transferring you to ${bank}`,
  transferringText: (bank: string) =>
    `We are securely transferring you to ${bank} for authentication`,
  slow: '. This is taking longer than normal...',
  timedOut: 'Request timed out',
  frameTitle: (bank: string) => `${bank} login`,
  closeFrame: 'Close the bank login',
  callbackTitle: 'Bank login',
  successTitle: 'Bank account verified',
  success: 'Congratulations, we have verified that your bank account is yours.',
  continue: 'Continue',
  mismatchTitle: 'We could not verify your details',
  returnButton: 'Return',
  stateInvalid:
    'This bank login has expired or was started in another window. Please choose your bank again.',
  networkFailure:
    'We could not reach our server to finish your bank login. Please check your connection and choose your bank again.',
  chooseAgain: 'Choose your bank again',
  notLinked:
    'This bank account is not linked to an account here yet. Please log in first, then verify your bank account.',
  logIn: 'Log in',
  bankAccountTitle: 'Bank account',
  bankAccountSuccess: 'Congratulations, we have verified your bank account.',
  bankAccountFailure: 'Sorry we have been unable to verify your bank account.',
  bankAccountNetwork:
    'We could not reach our server to check your bank account. Please check your connection and try again.',
  retry: 'Try again',
  bankDetailsIntro:
    'Please enter the sort code and account number of a current account in your name. We check with your bank that the account is yours.',
  bankDetailsLabel: 'Your bank account',
  /** The titles of contracts' bankAccountFields, by field name. */
  bankFieldTitles: { sort_code: 'Sort code', account_number: 'Account number' },
  checkAccount: 'Check my account',
  checkingAccount: 'Checking…',
} as const);

const unableToContact = 'Sorry, we were unable to contact your bank. Please try later.';

/** The warning shown for /obselect?error= (spec, section 8: bank selection errors). */
export const bankSelectionMessages = localized<Record<BankSelectionError, string | null>>(
  'bankSelectionMessages',
  {
    NoBankAccounts:
      'The accounts you shared may be credit cards, loans or mortgages. Please select a bank account and try again.',
    NoAccountNumber:
      'Your bank did not return the account number. Please try again with another account.',
    NoAccounts: 'We did not receive a usable account. Please select an account and try again.',
    TEMPORARY_ERROR: unableToContact,
    INTERNAL_ERROR: unableToContact,
    provider_error: unableToContact,
    USER_CANCELLED: null,
    AUTHENTICATION_ERROR: null,
    access_denied: null,
    NotAccountHolder:
      'We could not confirm that you are the holder of this bank account, so it cannot log you in. Joint accounts cannot be used to log in. Please log in another way.',
  },
);
