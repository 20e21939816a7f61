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
