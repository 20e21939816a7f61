import type * as en from '../accounts';
import type { Translation } from '../translation';

export const accountsCopy: Translation<typeof en.accountsCopy> = {
  loginTitle: 'Mewngofnodi',
  loginTitleWithClient: (client) => `Mewngofnodi i rannu eich manylion â ${client}`,
  login: 'Mewngofnodi',
  pleaseWait: 'Arhoswch...',
  rememberMe: 'Cofio fi',
  forgotPassword: "Wedi anghofio'r cyfrinair",
  noAccount: 'Nid oes gennych gyfrif?',
  registerHere: 'Cofrestrwch yma',
  loginFailed:
    'Nid ydym yn adnabod y cyfuniad hwnnw o e-bost a chyfrinair, gwiriwch a rhowch gynnig arall arni.',
  loginFailedHint:
    "Wedi anghofio eich cyfrinair, neu wedi'ch cloi allan ar ôl gormod o ymdrechion?",
  loginFailedReset: 'Ailosod eich cyfrinair',
  loginError: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",

  signupTitle: 'Cofrestru',
  signupTitleWithClient: (client) => `Cofrestru i gael mynediad at ${client}`,
  signupWithEmail: "Cofrestrwch gyda'ch cyfeiriad e-bost.",
  haveAccount: 'Oes gennych gyfrif yn barod?',
  logIn: 'Mewngofnodi',

  signup2Title: 'Creu eich cyfrif',
  acceptTerms: "Rwy'n derbyn y",
  termsLink: 'telerau ac amodau',
  createAccount: 'Creu fy nghyfrif',
  creatingAccount: "Yn creu'r cyfrif...",
  registerError: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen",

  email: 'E-bost',
  password: 'Cyfrinair',
  newPassword: 'Cyfrinair newydd',
  showPassword: 'Dangos y cyfrinair',
  hidePassword: "Cuddio'r cyfrinair",
  didYouMean: "Oeddech chi'n golygu",
  emailInvalid: "Mae'r e-bost yn annilys",
  passwordTooWeak: 'Dewiswch gyfrinair cryfach.',
  passwordStrength: 'Cryfder y cyfrinair',
  strengthNames: ['Gwan iawn', 'Gwan', 'Gweddol', 'Cryf', 'Cryf iawn'],

  verifyEmailTitle: 'Gwirio eich e-bost',
  sendVerificationEmail: 'Anfon e-bost gwirio',
  sendingVerificationEmail: 'Yn anfon yr e-bost gwirio...',
  enterCodeSentTo: 'Rhowch y cod a anfonwyd gennym at',
  code: 'Cod',
  back: 'Yn ôl',
  verify: 'Gwirio',
  verifying: 'Yn gwirio...',
  tryAgain: 'Rhoi cynnig arall arni',
  resending: 'Yn ailanfon...',
  startOver: 'Dechrau eto',
  invalidCode: "Nid yw'r gwerth hwn yn gywir, gwiriwch y cod yn yr e-bost yn ofalus.",
  codeExpiredCanResend:
    'Mae eich cod gwirio e-bost wedi dod i ben. Defnyddiwch y botwm isod i roi cynnig arall arni.',
  codeExpiredCannotResend:
    'Mae eich cod gwirio e-bost wedi dod i ben. Bydd angen i chi gofrestru eto.',
  verifyError: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni.",

  forgotPasswordTitle: 'Wedi anghofio eich cyfrinair?',
  forgotPasswordIntro: 'Rhowch gyfeiriad e-bost eich cyfrif a byddwn yn anfon cod atoch.',
  sendEmail: 'Anfon e-bost',
  sending: 'Yn anfon...',
  verifyYourEmail: 'Gwirio eich e-bost',
  resetCodeSent: (email) =>
    `Os oes cyfrif gan ${email}, rydym wedi anfon cod 6 digid ato. Rhowch ef isod.`,
  codeLength: "Dylai'r cod fod yn 6 digid o hyd",
  codeDigits: "Dylai'r cod gynnwys rhifau yn unig",
  newPasswordTitle: 'Dewis cyfrinair newydd',
  setNewPassword: 'Gosod cyfrinair newydd',
  saving: 'Yn cadw...',
  resetCodeExpired: 'Nid yw eich cod yn ddilys mwyach. Anfonwch yr e-bost eto.',
  passwordChangedTitle: "Cyfrinair wedi'i newid",
  passwordChanged: "Mae eich cyfrinair wedi'i newid.",

  logoutTitle: 'Allgofnodi',
};
