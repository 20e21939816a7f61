import { localized } from './language';

/**
 * Texts of /SecondFactor (first document: /SecondFactor, sections 4 and 8). The spec's own
 * words are 'Setup security', 'Login with 2FA' and 'This code is incorrect, please try
 * again.'; the rest the spec leaves out.
 */
export const secondFactorCopy = localized('secondFactorCopy', {
  setupTitle: 'Setup security',
  setupIntro: 'Choose how you will prove it is you when you log in, as well as with your password.',
  moreThanOne:
    'We recommend you set up more than one method, so you can still log in if you lose one.',
  loginTitle: 'Login with 2FA',
  loginIntro: 'To keep your account safe, please prove it is you with your second factor.',
  continue: 'Continue',
  setUp: 'Set up',
  remove: 'Remove',
  removing: 'Removing...',
  isSetUp: 'Set up',
  notSetUp: 'Not set up',
  verify: 'Verify',
  verifying: 'Verifying...',
  cancel: 'Cancel',
  wrongCode: 'This code is incorrect, please try again.',
  failed: 'Oops something went wrong, please try again later.',

  authenticatorTitle: 'Authenticator App',
  authenticatorText:
    'Use a code from an app such as Google Authenticator or Microsoft Authenticator.',
  authenticatorDialogTitle: 'Set up an authenticator app',
  authenticatorScan: 'Scan this QR code with your authenticator app.',
  authenticatorQrAlt: 'QR code to add this account to your authenticator app',
  authenticatorKeyIntro: 'Or enter this key in the app by hand:',
  authenticatorCode: 'Enter the 6-digit code the app shows',
  authenticatorLoginCode: 'Code from your authenticator app',
  authenticatorCodeFormat: 'The code should be 6 digits',
  loading: 'Please wait...',

  recoveryTitle: 'Your recovery codes',
  recoveryText:
    'If you cannot use any of your methods, you can log in with one of these codes instead. Each code works once. Keep them somewhere safe: they are shown only this once.',
  recoveryRenew: 'Make new recovery codes',
  recoveryRenewing: 'Making codes...',
  recoveryLoginCode: 'Recovery code',
  recoveryCodeFormat: 'A recovery code has 10 letters and digits, like abcde-23456',

  smsTitle: 'SMS',
  smsText: 'We send a code by text message to your mobile phone.',
  voiceTitle: 'Voice',
  voiceText: 'We call your phone and a voice reads out a code.',
  smsDialogTitle: 'Set up SMS',
  voiceDialogTitle: 'Set up Voice',
  mobileNumber: 'Mobile number',
  phoneNumber: 'Phone number',
  mobileNumberFormat: 'Please enter a UK mobile number: 07 and 9 more digits, like 07700 900123',
  phoneNumberFormat: 'Please enter a UK landline number starting 01 or 02, like 01632 960123',
  sendCode: 'Send code',
  callMe: 'Call me',
  sending: 'Sending...',
  calling: 'Calling...',
  answered: 'Answered...',
  tryAgain: 'Try again',
  sendAgain: 'Send a new code',
  callAgain: 'Call me again',
  smsCode: 'Enter the code we sent you',
  voiceCode: 'Enter the code you heard',
  phoneCodeFormat: (length: number) => `The code should be ${length} digits`,
  smsLoginIntro: (name: string) => `We will send a code to your ${name.toLowerCase()}.`,
  voiceLoginIntro: (name: string) => `We will call your ${name.toLowerCase()} and read out a code.`,
  notReached: {
    busy: 'The line was busy.',
    failed: 'We could not reach this number.',
    'no-answer': 'Nobody answered the call.',
  },

  securityKeyTitle: 'Security Key',
  securityKeyText: 'Use a security key (WebAuthn), plugged in or tapped on your device.',
  keyName: 'Key name',
  addKey: 'Add another key',
  addingKey: 'Waiting for your key...',
  useKey: 'Use your security key',
  useKeyIntro: 'Insert or tap your security key when your browser asks for it.',
  keyNotUsed: 'The security key was not used. Please try again.',
  keyUnsupported: 'This browser cannot use security keys.',

  useAnother: 'Use another method',
  useRecoveryCode: 'Use a recovery code',
  methodNames: {
    Sms: 'SMS',
    Voice: 'Voice',
    WebAuthn: 'Security Key',
    Authenticator: 'Authenticator App',
  },
} as const);
