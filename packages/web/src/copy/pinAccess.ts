import { localized } from './language';

/** Texts of cross-device PIN login: the waiting browser and the approving device. */
export const pinAccessCopy = localized('pinAccessCopy', {
  useAnotherDevice: 'Use another device',
  anotherDeviceIntro:
    'Log in with the M-Pin you set up on another device: scan the QR code with it, or open this site there and type the access number.',
  showNumber: 'Show access number and QR code',
  accessNumber: 'Access number',
  qrAlt: 'QR code that opens the approval page on your other device',
  approvePath: (origin: string) => `On your other device, open ${origin}/mpinaccess`,
  waiting: 'Waiting for your other device…',
  scanned: 'Your other device has opened this sign-in. Enter your M-Pin there.',
  expired: 'This access number has expired.',
  declinedThere: 'Your other device did not approve this sign-in.',
  newNumber: 'Get a new access number',
  pushLabel: 'Or send a request to your devices: your e-mail address',
  pushSend: 'Send request',
  pushSending: 'Sending...',
  pushSent: (number: string) =>
    `If this account has an M-Pin on another device, open /mpinaccess there. It will show this number: ${number}.`,
  cancel: 'Stop waiting',
  approveTitle: 'Approve a sign-in',
  typeNumber: 'Type the access number shown on the browser you want to sign in',
  lookUp: 'Continue',
  lookingUp: 'Please wait...',
  pendingTitle: 'Sign-ins waiting for your approval',
  noPending: 'No sign-in is waiting for your approval.',
  review: 'Review',
  approveQuestion: (client: string) => `Sign in to ${client} on another browser?`,
  requester: (device: string, age: number) =>
    `Asked by ${device}, ${age < 60 ? `${age} seconds` : `${Math.round(age / 60)} minutes`} ago.`,
  compareNumber: 'Only continue if the browser you are signing in on shows this access number:',
  otherNetwork:
    'That browser is on a different network from this device. If someone sent you this link or number, stop here: approving would sign them in as you.',
  noIdentity: (client: string) =>
    `There is no M-Pin for ${client} on this device. Use the device where you set it up.`,
  chooseIdentity: 'Approve as',
  alsoRegister:
    'Also let that browser set up its own M-Pin (this device is then signed in with your M-Pin too)',
  approved: 'Approved. The other browser is now signed in; you can close this page.',
  decline: 'Do not approve',
  declined: 'Not approved. Nothing was signed in.',
} as const);
