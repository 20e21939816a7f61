import { localized } from './language';

/**
 * Texts of /Profile, /Consent and the dynamic form (first document: /Profile, /Consent and
 * section 5). The field messages themselves are contracts' fieldMessages; the texts the spec
 * leaves out are ours.
 */
export const profileCopy = localized('profileCopy', {
  profileTitle: 'Your details',
  profileIntro: 'Please fill in your details.',
  continue: 'Continue',
  saving: 'Saving...',
  profileError: 'Oops something went wrong, please try again later.',
  nothingToAsk: 'There is nothing more to fill in.',
  unknownFields: 'Some of your details could not be saved, please reload the page and try again.',
  // A field an identity check verified (issue 17).
  verified: 'Verified',
  changeVerified: 'Change',
  changeVerifiedLabel: (field: string) => `Change ${field} (verified)`,
  changeVerifiedTitle: (field: string) => `Change your verified ${field.toLowerCase()}?`,
  changeVerifiedWarning:
    'This was verified by an identity check. Changing it will remove its verification until you verify it again, and services you share it with will no longer receive it as verified.',
  changeVerifiedYes: 'Change it',
  changeVerifiedNo: 'Keep it',
  verifiedChanging: 'Saving a change removes its verification until you verify it again.',

  consentTitle: 'Share your details',
  consentText: (client: string) =>
    `Please confirm you are happy for the following data to be shared with ${client}.`,
  consentCaption: (client: string) => `Details to share with ${client}`,
  consentNothing: (client: string) => `${client} asks for no details about you.`,
  field: 'Field',
  value: 'Value',
  notProvided: 'Not provided',
  confirm: 'Confirm',
  confirming: 'Confirming...',
  cancel: 'Cancel',
  cancelling: 'Cancelling...',
  consentError: 'Oops something went wrong, please try again later.',
  consentSignText: 'To confirm, enter your M-Pin: it signs your consent on this device.',
  // The legal pages the spec links from the consent screen, each opening in a new window.
  consentLinksLabel: 'About this service',
  aboutLink: 'About',
  termsLink: 'Terms & Conditions',
  privacyLink: 'Privacy Policy',
  opensNewTab: ' (opens in a new tab)',
  consentSignRevoked: 'Your M-Pin can no longer sign on this device. Please confirm without it.',

  selectPlaceholder: 'Please select...',
  typeToFilter: 'Start typing, then choose from the list.',

  postcode: 'Postcode',
  findAddress: 'Find address',
  finding: 'Finding...',
  selectYourAddress: 'Select your address',
  selectedAddress: 'Selected address:',
  enterManually: 'Enter the address manually',
  findByPostcode: 'Find the address by postcode instead',
  manualAddress: 'Address, without the postcode',
  enterAddress: 'Please enter your address',
  addressesFound: (count: number, postcode: string) =>
    count === 1 ? `1 address found for ${postcode}.` : `${count} addresses found for ${postcode}.`,
  noAddresses: (postcode: string) =>
    `We could not find any addresses for ${postcode}. Check the postcode, or enter the address manually.`,
  lookupUnavailable:
    'The address finder is not available at the moment. Please enter the address manually.',
  lookupFailed:
    'Something went wrong while finding the address. Please try again, or enter the address manually.',
} as const);
