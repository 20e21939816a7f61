import { brand } from './brand';

/** Texts of the account pages (second document: account/share, section 4 and 5). */
export const shareCopy = {
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
  limitReached: 'You have shared your identity with the most people allowed (4).',
  failed: 'Oops something went wrong, please try again later',
} as const;

export const sharedCopy = {
  title: 'Verified identity',
  intro: `This person's identity was verified by ${brand.product}.`,
  name: 'Name',
  noName: 'Not given',
  verified: 'What was verified',
  check: 'Verification',
  when: 'Verified on',
  nothingVerified: 'No identity checks have been completed yet.',
  expires: (when: string) => `This link works until ${when}.`,
  opening: 'Opening the shared identity...',
  invalid: 'This link has expired or is not valid. Please ask the sender to share again.',
  failed: 'Oops something went wrong, please try again later',
} as const;

export const requestProofCopy = {
  title: 'Request proof from someone',
  intro: `We e-mail the person an invitation to verify their identity with ${brand.product}. It says that you asked, giving your e-mail address, and nothing else.`,
  email: 'Their email address',
  send: 'Send request',
  sending: 'Sending request...',
  sent: (email: string) =>
    `We have asked ${email} to verify their identity. Once they have, they can share it with you.`,
  failed: 'Oops something went wrong, please try again later',
} as const;
