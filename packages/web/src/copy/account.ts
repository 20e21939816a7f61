import { brand } from './brand';
import { localized } from './language';

/** Texts of the account pages (second document: account/share, section 4 and 5). */
export const shareCopy = localized('shareCopy', {
  title: 'Share your identity with others',
  subtitle:
    'Share your identity with estate agents, solicitors, conveyancers and mortgage providers as part of the MyIdentity home buying and selling scheme.',
  none: 'You have not shared your identity with anyone yet.',
  email: 'Email',
  status: 'Status',
  emailSent: 'Email sent',
  identityShared: 'Identity shared',
  recipient: "Recipient's email address",
  recipientHint: (days: number) =>
    `We e-mail them a link to a page showing your name and what we have verified about you, and when. The link works for ${days} days.`,
  share: 'Share identity',
  sharing: 'Sharing identity...',
  shared: (email: string) => `We have e-mailed ${email} a link to your verified identity.`,
  limitReached: 'You have shared your identity with the most people allowed (4).',
  failed: 'Oops something went wrong, please try again later',
  action: 'Action',
  withdrawLabel: 'Withdraw',
  withdrawing: 'Withdrawing...',
  withdraw: (email: string) => `Withdraw the share with ${email}`,
  withdrawn: (email: string) =>
    `You have withdrawn the share with ${email}. Their link no longer works.`,
} as const);

export const sharedCopy = localized('sharedCopy', {
  title: 'Verified identity',
  intro: `This person's identity was verified by ${brand.product}.`,
  name: 'Name',
  noName: 'Not given',
  nameVerified: 'Verified',
  nameNotVerified: '(not verified by an identity check)',
  verified: 'What was verified',
  check: 'Verification',
  how: 'What it showed',
  when: 'Verified on',
  nothingVerified: 'No identity checks have been completed yet.',
  expires: (when: string) => `This link works until ${when}.`,
  opening: 'Opening the shared identity...',
  invalid: 'This link has expired or is not valid. Please ask the sender to share again.',
  failed: 'Oops something went wrong, please try again later',
} as const);

export const requestProofCopy = localized('requestProofCopy', {
  title: 'Request proof from someone',
  intro: `We e-mail the person an invitation to verify their identity with ${brand.product}. It says that you asked, giving your e-mail address, and nothing else.`,
  email: 'Their email address',
  send: 'Send request',
  sending: 'Sending request...',
  sent: (email: string) =>
    `We have asked ${email} to verify their identity. Once they have, they can share it with you.`,
  failed: 'Oops something went wrong, please try again later',
} as const);

export const consentsCopy = localized('consentsCopy', {
  signedWithPin: 'Signed with your M-Pin',
  title: 'Services you share your details with',
  intro: `These services asked for your details through ${brand.product}, and you agreed. If you withdraw your consent, the service can no longer get your details from us: the sign-ins and access you gave it are revoked, and it will ask you again next time.`,
  none: 'You have not agreed to share your details with any service yet.',
  service: 'Service',
  details: 'Details shared',
  since: 'Agreed on',
  withdraw: (service: string) => `Withdraw consent for ${service}`,
  withdrawLabel: 'Withdraw consent',
  withdrawing: 'Withdrawing...',
  withdrawn: (service: string) => `You have withdrawn your consent for ${service}.`,
  failed: 'Oops something went wrong, please try again later',
} as const);

export const deleteCopy = localized('deleteCopy', {
  title: 'Delete your account',
  intro:
    'Deleting your account cannot be undone. You will be signed out everywhere, and services you signed in to with us can no longer get your details.',
  deletedNowTitle: 'What we delete now',
  deletedNow: [
    'Your e-mail address and password.',
    'Your profile: your name, date of birth, address and phone number.',
    'The consents you gave to services, and the identity shares you made with their links.',
    'Your second factors (phone numbers, authenticator apps, security keys), recovery codes and PINs.',
    'The Google, Microsoft or Facebook sign-ins and the bank logins linked to your account, and the bank account details you gave us.',
    'Your sessions and every sign-in and access token given to services: they stop working at once.',
  ],
  keptTitle: 'What we keep, and why',
  kept: [
    'The records of the identity checks you completed: which checks, when, their results, and the details they verified. They stay encrypted.',
    'A log of security events on your account, such as logins and this deletion, with their times. It holds no contact details.',
  ],
  keptWhy: `Our Privacy Policy says we keep these for 7 years after an account is closed. We need them to meet our legal duties to prevent fraud and money laundering, and to answer questions from organisations you proved your identity to. After 7 years they are deleted. Nobody can sign in to your account or see them in the meantime.`,
  password: 'Enter your password to confirm',
  noPassword:
    'Your account has no password, so instead we ask that you logged in within the last 5 minutes.',
  loginRecent: 'You logged in less than 5 minutes ago: you can delete your account now.',
  loginStale: (providers: string) =>
    `You logged in more than 5 minutes ago. To confirm it is you, log in again with ${providers}, then delete your account within 5 minutes.`,
  loginAgain: (provider: string) => `Log in again with ${provider}`,
  loginNotRecent: 'You logged in more than 5 minutes ago. Please log in again first.',
  confirm: 'Delete my account',
  deleting: 'Deleting your account...',
  wrongPassword: 'The password is incorrect.',
  failed: 'Oops something went wrong, please try again later',
  doneTitle: 'Your account has been deleted',
  done: `Thank you for using ${brand.product}. We have kept only what is described above.`,
} as const);

/** The way on when an account change needs a recent login (the spec has no text for it). */
export const reloginCopy = localized('reloginCopy', {
  logInAgain: 'Log in again',
  loggingOut: 'Logging out...',
  failed: 'We could not log you out. Please try again.',
});
