import {
  cardMessages,
  checkRegistry,
  documentMessages,
  licenceMessages,
  type CheckName,
} from '@verity/contracts';
import { localized } from './language';

/**
 * Texts of the identity-check screens (second document: /VerifyOptions, /Verify, passport,
 * success and failure, cancel). The texts the spec leaves out are ours.
 */
export const checksCopy = localized('checksCopy', {
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
  noRecord: 'These details did not match a record. Please check them and try again.',
  triesLeft: (left: number) =>
    left === 0
      ? 'You have no tries left today. Please choose a different verification option.'
      : `You have ${left} ${left === 1 ? 'try' : 'tries'} left today.`,
  profileFirst:
    'We check your documents against the name and date of birth in your profile. Please add them to your profile first.',
  toProfile: 'Go to your profile',

  passportTitle: 'Passport',
  passportIntro: 'Please provide your passport details',
  passportNumber: 'Passport No.',
  surname: 'Surname',
  givenNames: 'Given Name(s)',
  dateOfBirth: 'Date of Birth',
  expiryDate: 'Expiry Date',

  cancelling: 'Returning you to the service you came from...',

  mnoTitle: 'Verify Mobile Contract',
  mobileNumber: 'Mobile number',
  mobileHint: '07 followed by 9 digits',
  verify: 'Verify',
  mnoSuccess:
    'Congratulations, we have been able to match your profile against your mobile phone contract.',
  mnoFailure:
    'Sorry we have been unable to match your profile against your mobile phone contract. Please choose a different verification option.',

  photoTitle: (document: string) => `${document} photo`,
  appInstructions: 'App install instructions',
  withoutApp: 'Take or upload photos without the app',
  // Ours: the photos on the phone (issue 20, 'the app'; routes/photo/PhoneHandoff.tsx).
  handoffIntro: (document: string) =>
    `Take the photo of your ${document} with your phone's camera: scan this code with your phone, or type the link below into its browser.`,
  openOnPhone: 'Open it on your phone',
  handoffQr: 'QR code of the link to open on your phone',
  handoffLink: 'The link to open on your phone:',
  handoffExpires: (time: string) => `The code works once, until ${time}.`,
  handoffBack: 'This page moves on by itself once your phone has finished.',
  handoffExpired: 'This code has expired. Please get a new code.',
  newCode: 'Get a new code',
  handoffLoading: 'Making a code for your phone...',
  phoneWorking:
    'Follow the steps on your phone. This page moves on by itself when your photos have been checked.',
  phoneTitle: 'Take your photos',
  phoneIntro: (document: string) =>
    `Take a photo of your ${document} with this phone. Lay it flat in good light and fit it inside the frame.`,
  phoneSelfieIntro: 'Now take a selfie: we compare it with the photo on your document.',
  takePhoto: 'Take photo',
  frameGuide: 'Fit the document inside the frame',
  glareFeedback:
    'There is glare on this photo. Move away from direct light or tilt the document slightly, then take it again.',
  blurFeedback:
    'This photo is blurred. Hold the phone still and make sure the document is in focus, then take it again.',
  useAnyway: 'Use this photo anyway',
  sendPhoto: 'Send photo',
  sendingPhoto: 'Sending your photo...',
  phoneDone: 'Your photos have been sent. Please go back to your computer to continue.',
  phoneNoLink: 'Please scan the code shown on your computer to open this page.',
  phoneOtherOption: 'Please go back to your computer to choose a different option.',
  phoneBackToComputer:
    'Please go back to your computer: your sign-in needs you there before photos can be sent.',
  // Ours: the upload on the same screen (issue 20).
  uploadTitle: 'Take or upload photos',
  uploadIntro: (document: string) =>
    `Take a photo of your ${document}, or choose one you have taken. Lay it flat in good light, with the whole page or card in the photo and nothing covering it.`,
  selfieIntro: 'Then take a selfie: we compare it with the photo on your document.',
  documentPhoto: (document: string) => `Photo of your ${document}`,
  documentPhotoHint: (document: string) =>
    document === 'passport'
      ? 'The page with your photo, including the two lines of letters and numbers at the bottom.'
      : 'The front of the card, with your photo.',
  selfie: 'Selfie',
  selfieHint: 'Your face only, looking at the camera, in good light.',
  photoPreview: (what: string) => `Preview of the ${what}`,
  retake: (what: string) => `Retake the ${what}`,
  startCamera: 'Use my camera',
  takeSelfie: 'Take selfie',
  stopCamera: 'Stop the camera',
  cameraView: 'Camera view',
  cameraUnavailable:
    'We could not use your camera. You can choose a selfie from your files instead.',
  orChooseFile: 'Or choose a photo from your files:',
  photoRequired: (what: string) => `Please take or choose the ${what}.`,
  photoTooLarge:
    'This photo is too large (over 10 MB). Please take it again at a lower resolution, or choose a smaller file.',
  sendPhotos: 'Check my photos',
  sendingPhotos: 'Checking your photos...',
  documentDone: (document: string) => `Your ${document} photo has been checked.`,

  cardTitle: 'Credit Card',
  cardIntro: 'Please provide your card details',
  cardNumber: 'Card number',
  cardName: 'Cardholder name',
  cardExpiry: 'Expiry',
  cardExpiryHint: 'MM/YY',

  licenceTitle: 'Driving Licence',
  licenceIntro: 'Please provide your driving licence details',
  licenceSurname: '1. Surname',
  licenceGiven: '2. Given Name(s)',
  licenceDob: '3. Date of Birth',
  licenceIssue: '4a. Date of Issue',
  licenceExpiry: '4b. Date of Expiry',
  licenceNumber: '5. Licence Number',
  licencePostcode: '8. Postcode',

  kbvTitle: 'Identity check',
  kbvIntro: 'Please answer all the questions below',
  kbvFailed: 'Sorry we have been unable to verify your identity from your answers.',
  kbvInsufficient:
    'Sorry we do not hold enough information about you to ask questions about your identity.',
  returnButton: 'Return',
  home: 'Go to the home page',
} as const);

/** Each check's name as the user reads it (contracts' check registry has the English). */
export const checkLabels = localized(
  'checkLabels',
  Object.fromEntries(
    Object.entries(checkRegistry).map(([check, info]) => [check, info.label]),
  ) as Record<CheckName, string>,
);

/** An option as the user reads it: its checks' names. */
export function optionLabel(checks: readonly CheckName[]): string {
  return [...new Set(checks.map((check) => checkLabels[check]))].join(checksCopy.and);
}

/**
 * The check forms' rule messages (contracts' documentRules, licenceRules and cardRules, which
 * the server's answers repeat), in the language of the screens: checkMessageIn finds them.
 */
export const documentRuleMessages = localized('documentRuleMessages', documentMessages);
export const licenceRuleMessages = localized('licenceRuleMessages', licenceMessages);
export const cardRuleMessages = localized('cardRuleMessages', cardMessages);

const ruleSections: ReadonlyArray<[Record<string, string>, Record<string, string>]> = [
  [documentMessages, documentRuleMessages],
  [licenceMessages, licenceRuleMessages],
  [cardMessages, cardRuleMessages],
];

/**
 * A check form's message in the language of the screens: one of the rules' own messages (a
 * closed set of contracts' constants, told by its key) in this language; any other as it is.
 */
export function checkMessageIn(message: string): string {
  for (const [english, shown] of ruleSections) {
    const key = Object.keys(english).find((name) => english[name] === message);
    if (key !== undefined) return shown[key]!;
  }
  return message;
}
