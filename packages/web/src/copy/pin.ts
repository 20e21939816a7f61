import { localized } from './language';

/** Texts of the PIN pad (second document, 'PIN pad modes' and section 8). */
export const pinCopy = localized('pinCopy', {
  loginPrompt: (product: string) => `Enter Your ${product} M-Pin`,
  setupPrompt: (product: string) => `Choose Your ${product} M-Pin`,
  confirmPrompt: 'Re-Enter Your Pin',
  mismatch: "PINs don't match",
  selectTitle: 'Select account to log in',
  notMyEmail: 'Not my e-mail address',
  deleteAccount: (display: string) => `Delete ${display} from this device`,
  registerTitle: 'Verify your identity',
  registerIntro: (clientName: string) =>
    `${clientName} has requested that you verify your identity.`,
  terms: (product: string) => `I agree with the ${product} Terms and Conditions and Privacy Policy`,
  start: 'Start Verification',
  cancel: 'Cancel',
  /** A wrong PIN at login (a 401; second document, section 8). */
  authenticationFailed: 'Authentication Failed',
  revokedTitle: 'You have used too many PIN attempts.',
  revokedText: 'We will need to re-verify you before you can login on this device.',
  backspace: 'Delete the last digit',
  noRequest: 'A PIN is set up for the service you came from. Please start again from there.',
  switchAccount: 'Not you? Choose another account',
  passwordInstead: 'Log in with your e-mail and password instead',
  digitsEntered: (entered: number, length: number) => `${entered} of ${length} digits entered`,
  doneTitle: (product: string) => `Your ${product} M-Pin is ready`,
  doneText: 'You can now log in on this device with your PIN.',
  doneContinue: 'Continue',
  // Set-up takes several seconds (the PIN's keys are made and checked on this device).
  settingUp: (product: string) => `Setting up your ${product} M-Pin. Please wait...`,
  loggingIn: (product: string) => `Logging you in with your ${product} M-Pin. Please wait...`,
} as const);
