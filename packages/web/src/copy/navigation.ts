import { localized } from './language';

/** Texts of the navigation bar and its language switcher. */
export const navigationCopy = localized('navigationCopy', {
  toggle: 'Toggle navigation',
  about: 'About',
  terms: 'Terms & Conditions',
  privacy: 'Privacy Policy',
  contact: 'Contact Us',
  share: 'Share your identity',
  signInMethods: 'Sign-in methods',
  consents: 'Services you share details with',
  deleteAccount: 'Delete your account',
  signOut: 'Sign out',
  /** The switcher offers the other language, named in that language (GOV.UK's pattern). */
  otherLanguage: 'Cymraeg',
} as const);

/** The home page's three columns (spec): Recent activity, Proof, Verifications. */
export const homeCopy = localized('homeCopy', {
  secondFactorBefore: 'Please ',
  secondFactorLink: 'log in with your second factor',
  secondFactorAfter: ' to see your activity and verifications.',
  failed: 'Oops. Something went wrong please try again later.',
  loading: 'Loading',
  activityTitle: 'Recent activity',
  noActivity: 'No activity yet.',
  proofTitle: 'Proof',
  proveId: 'Prove your Id to someone...',
  requestProof: 'Request proof from someone...',
  verificationsTitle: 'Verifications',
  notVerified: 'You have not verified your identity yet.',
  addVerification: 'Add verification...',
  // Why a verification no longer counts: its age, or details edited since it matched them.
  expired: 'Expired',
  expiredNote: ' (no longer valid: please verify again)',
  detailsChanged: 'No longer matches your details',
  detailsChangedNote:
    ' (your name or date of birth changed since: verify again, or put the details back)',
} as const);

/** Texts of the layout and of screens that had them inline (the spec leaves them out). */
export const screensCopy = localized('screensCopy', {
  skipToContent: 'Skip to main content',
  loading: 'Loading',
  welcome: (product: string) => `Welcome to ${product}`,
  logoutQuestion: (product: string) => `Do you want to sign out of ${product}?`,
  logoutYes: 'Yes, sign me out',
  logoutNo: 'No, stay signed in',
  loginFormLabel: 'Log in with e-mail',
  signupFormLabel: 'Create your account',
  codeFormLabel: 'Enter your code',
  verificationFormLabel: 'Send a verification e-mail',
  verificationIntro: 'Enter your e-mail address and we will send you a code to verify it.',
  newCodeSent: (email: string) => `We have sent a new code to ${email}.`,
  newPasswordFormLabel: 'Set a new password',
  resetFormLabel: 'Send a reset code',
  proofWantedTitle: (client: string) => `${client} wants proof of your identity`,
  proofWantedText: (client: string, product: string) =>
    `Before you continue, ${client} has asked ${product} to check who you are. It takes a few minutes, and you choose how: for example with your bank, your passport or your driving licence.`,
  bankPanelTitle: 'Prove who you are with your bank',
  bankPanelText: (product: string) =>
    `${product} can confirm your identity through open banking: you log in to your own bank, and your bank confirms the name and account number it holds for you. ${product} never sees your bank login details, and nothing else is shared.`,
  bankPanelShare:
    'Once your identity is verified, you can share it with the services you use without proving it again each time.',
  seeProofWays: 'See how you can prove your identity',
  anyOneOf: 'Any one of these:',
  action: 'Action',
  cardPreviewName: 'Your name',
} as const);
