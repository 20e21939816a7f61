import type * as en from '../navigation';
import type { Translation } from '../translation';

export const navigationCopy: Translation<typeof en.navigationCopy> = {
  toggle: 'Dangos neu guddio’r ddewislen',
  about: 'Amdanom ni',
  terms: 'Telerau ac Amodau',
  privacy: 'Polisi Preifatrwydd',
  contact: 'Cysylltu â ni',
  share: 'Rhannu eich hunaniaeth',
  signInMethods: 'Dulliau mewngofnodi',
  consents: 'Gwasanaethau rydych yn rhannu manylion â nhw',
  deleteAccount: 'Dileu eich cyfrif',
  signOut: 'Allgofnodi',
  otherLanguage: 'English',
};

export const homeCopy: Translation<typeof en.homeCopy> = {
  secondFactorBefore: "I weld eich gweithgarwch a'ch gwiriadau, ",
  secondFactorLink: "mewngofnodwch gyda'ch ail ffactor",
  secondFactorAfter: '.',
  failed: "Wps. Aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",
  loading: 'Yn llwytho',
  activityTitle: 'Gweithgarwch diweddar',
  noActivity: 'Dim gweithgarwch eto.',
  proofTitle: 'Prawf',
  proveId: 'Profi pwy ydych chi i rywun...',
  requestProof: 'Gofyn i rywun am brawf...',
  verificationsTitle: 'Gwiriadau',
  notVerified: 'Nid ydych wedi gwirio pwy ydych chi eto.',
  addVerification: 'Ychwanegu gwiriad...',
  expired: 'Wedi dod i ben',
  expiredNote: " (nid yw'n ddilys mwyach: gwiriwch eto)",
  detailsChanged: "Nid yw'n cyfateb i'ch manylion mwyach",
  detailsChangedNote:
    " (mae eich enw neu'ch dyddiad geni wedi newid ers hynny: gwiriwch eto, neu rhowch y manylion yn ôl)",
};

export const screensCopy: Translation<typeof en.screensCopy> = {
  skipToContent: "Neidio i'r prif gynnwys",
  loading: 'Yn llwytho',
  welcome: (product) => `Croeso i ${product}`,
  logoutQuestion: (product) => `Ydych chi am allgofnodi o ${product}?`,
  logoutYes: 'Ydw, allgofnodwch fi',
  logoutNo: 'Nac ydw, arhoswch wedi mewngofnodi',
  loginFormLabel: 'Mewngofnodi gydag e-bost',
  signupFormLabel: 'Creu eich cyfrif',
  codeFormLabel: 'Rhowch eich cod',
  verificationFormLabel: 'Anfon e-bost gwirio',
  verificationIntro: "Rhowch eich cyfeiriad e-bost a byddwn yn anfon cod atoch i'w wirio.",
  newCodeSent: (email) => `Rydym wedi anfon cod newydd at ${email}.`,
  newPasswordFormLabel: 'Gosod cyfrinair newydd',
  resetFormLabel: 'Anfon cod ailosod',
  proofWantedTitle: (client) => `Mae ${client} eisiau prawf o bwy ydych chi`,
  proofWantedText: (client, product) =>
    `Cyn i chi barhau, mae ${client} wedi gofyn i ${product} wirio pwy ydych chi. Mae'n cymryd ychydig funudau, a chi sy'n dewis sut: er enghraifft gyda'ch banc, eich pasbort neu eich trwydded yrru.`,
  bankPanelTitle: "Profi pwy ydych chi gyda'ch banc",
  bankPanelText: (product) =>
    `Gall ${product} gadarnhau pwy ydych chi drwy fancio agored: rydych yn mewngofnodi i'ch banc eich hun, ac mae eich banc yn cadarnhau'r enw a'r rhif cyfrif sydd ganddo ar eich cyfer. Nid yw ${product} byth yn gweld eich manylion mewngofnodi banc, ac ni chaiff dim byd arall ei rannu.`,
  bankPanelShare:
    "Unwaith y bydd pwy ydych chi wedi'i wirio, gallwch ei rannu â'r gwasanaethau rydych yn eu defnyddio heb orfod ei brofi eto bob tro.",
  seeProofWays: 'Gweld sut y gallwch brofi pwy ydych chi',
  anyOneOf: "Unrhyw un o'r rhain:",
  action: 'Cam gweithredu',
  cardPreviewName: 'Eich enw',
};
