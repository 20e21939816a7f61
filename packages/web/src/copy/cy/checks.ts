import { checkLabelsWelsh, nameMaxLength } from '@verity/contracts';
import type * as en from '../checks';
import type { Translation } from '../translation';

/** A document's name as the screens pass it (English, lower case) in Welsh, else as given. */
const documentNames: Record<string, string> = {
  passport: 'pasbort',
  'driving licence': 'trwydded yrru',
  'passport photo': 'llun pasbort',
  'driving licence photo': 'llun trwydded yrru',
  selfie: 'hunlun',
};
const documentName = (document: string) => documentNames[document.toLowerCase()] ?? document;

export const checksCopy: Translation<typeof en.checksCopy> = {
  optionsTitle: 'Gwirio pwy ydych chi',
  optionsIntro: (client) =>
    `Mae angen i ${client} gadarnhau pwy ydych chi. Dewiswch sut yr hoffech brofi pwy ydych chi.`,
  showMore: 'Dangos rhagor o opsiynau >>',
  noOption: "Mae'n ddrwg gennym, ni allwn eich gwirio gyda'r dulliau hyn yn unig.",
  returnTo: (client) => `Canslo a dychwelyd i ${client}`,
  chosen: (option) => `Gwnaethoch ddewis ${option}. Rydym yn mynd â chi yno nawr...`,
  loadError: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",
  and: ' a ',

  verifyTitle: 'Gwirio pwy ydych chi',
  verifyIntro: 'Dewiswch ffordd o brofi pwy ydych chi.',
  allDone: 'Rydych wedi cwblhau pob gwiriad rydym yn ei gynnig.',

  continue: 'Parhau',
  verifying: 'Yn gwirio...',
  differentOption: 'Dewis opsiwn gwahanol',
  cannotDo: (document) => `Nid oes gennyf ${documentName(document)}`,
  success: (check) => `Llongyfarchiadau, rydych wedi gwirio eich ${check} yn llwyddiannus.`,
  failure: (check) =>
    `Mae'n ddrwg gennym, nid ydym wedi gallu gwirio eich ${check}. Dewiswch opsiwn gwirio gwahanol.`,
  checkError: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",
  serviceDown:
    "Nid yw'r gwasanaeth gwirio ar gael ar hyn o bryd. Rhowch gynnig arall arni yn nes ymlaen.",
  noRecord: 'Nid oedd y manylion hyn yn cyfateb i gofnod. Gwiriwch nhw a rhowch gynnig arall arni.',
  triesLeft: (left) =>
    left === 0
      ? 'Nid oes gennych unrhyw ymdrechion ar ôl heddiw. Dewiswch opsiwn gwirio gwahanol.'
      : `Mae gennych ${left} ymdrech ar ôl heddiw.`,
  profileFirst:
    "Rydym yn gwirio eich dogfennau yn erbyn yr enw a'r dyddiad geni yn eich proffil. Ychwanegwch nhw at eich proffil yn gyntaf.",
  toProfile: "Mynd i'ch proffil",

  passportTitle: 'Pasbort',
  passportIntro: 'Rhowch fanylion eich pasbort',
  passportNumber: 'Rhif pasbort',
  surname: 'Cyfenw',
  givenNames: 'Enw(au) cyntaf',
  dateOfBirth: 'Dyddiad geni',
  expiryDate: 'Dyddiad dod i ben',

  cancelling: "Yn mynd â chi yn ôl i'r gwasanaeth y daethoch ohono...",

  mnoTitle: 'Gwirio contract ffôn symudol',
  mobileNumber: 'Rhif ffôn symudol',
  mobileHint: '07 ac yna 9 digid',
  verify: 'Gwirio',
  mnoSuccess: "Llongyfarchiadau, rydym wedi gallu paru eich proffil â'ch contract ffôn symudol.",
  mnoFailure:
    "Mae'n ddrwg gennym, nid ydym wedi gallu paru eich proffil â'ch contract ffôn symudol. Dewiswch opsiwn gwirio gwahanol.",

  photoTitle: (document) => `Llun ${documentName(document)}`,
  appInstructions: 'Cyfarwyddiadau gosod yr ap',
  handoffIntro: (document) =>
    `Tynnwch y llun o'ch ${documentName(document)} gyda chamera eich ffôn: sganiwch y cod hwn gyda'ch ffôn, neu teipiwch y ddolen isod i mewn i'w borwr.`,
  openOnPhone: 'Agorwch hi ar eich ffôn',
  handoffQr: "Cod QR y ddolen i'w hagor ar eich ffôn",
  handoffLink: "Y ddolen i'w hagor ar eich ffôn:",
  handoffExpires: (time) => `Mae'r cod yn gweithio unwaith, tan ${time}.`,
  handoffBack:
    'Bydd y dudalen hon yn symud ymlaen ar ei phen ei hun pan fydd eich ffôn wedi gorffen.',
  handoffExpired: "Mae'r cod hwn wedi dod i ben. Cael cod newydd.",
  newCode: 'Cael cod newydd',
  handoffLoading: "Wrthi'n gwneud cod ar gyfer eich ffôn...",
  phoneWorking:
    "Dilynwch y camau ar eich ffôn. Bydd y dudalen hon yn symud ymlaen ar ei phen ei hun pan fydd eich lluniau wedi'u gwirio.",
  phoneTitle: 'Tynnu eich lluniau',
  phoneIntro: (document) =>
    `Tynnwch lun o'ch ${documentName(document)} gyda'r ffôn hwn. Gosodwch ef yn fflat mewn golau da a'i osod y tu mewn i'r ffrâm.`,
  phoneSelfieIntro: "Nawr tynnwch hunlun: rydym yn ei gymharu â'r llun ar eich dogfen.",
  takePhoto: 'Tynnu llun',
  frameGuide: "Gosodwch y ddogfen y tu mewn i'r ffrâm",
  glareFeedback:
    'Mae llacharedd ar y llun hwn. Symudwch i ffwrdd o olau uniongyrchol neu gogwyddwch y ddogfen ychydig, yna tynnwch ef eto.',
  blurFeedback:
    "Mae'r llun hwn yn aneglur. Daliwch y ffôn yn llonydd a gwnewch yn siŵr bod y ddogfen mewn ffocws, yna tynnwch ef eto.",
  useAnyway: "Defnyddio'r llun hwn beth bynnag",
  sendPhoto: 'Anfon llun',
  sendingPhoto: "Wrthi'n anfon eich llun...",
  phoneDone: "Mae eich lluniau wedi'u hanfon. Ewch yn ôl i'ch cyfrifiadur i barhau.",
  phoneNoLink: 'Sganiwch y cod a ddangosir ar eich cyfrifiadur i agor y dudalen hon.',
  phoneOtherOption: "Ewch yn ôl i'ch cyfrifiadur i ddewis opsiwn gwahanol.",
  phoneBackToComputer:
    "Ewch yn ôl i'ch cyfrifiadur: mae angen i chi wneud rhywbeth yno cyn y gellir anfon lluniau.",
  withoutApp: 'Tynnu neu lwytho lluniau heb yr ap',
  uploadTitle: 'Tynnu neu lwytho lluniau',
  uploadIntro: (document) =>
    `Tynnwch lun o'ch ${documentName(document)}, neu dewiswch un rydych wedi'i dynnu. Gosodwch ef yn fflat mewn golau da, gyda'r dudalen neu'r cerdyn cyfan yn y llun a dim byd yn ei orchuddio.`,
  selfieIntro: "Yna tynnwch hunlun: rydym yn ei gymharu â'r llun ar eich dogfen.",
  documentPhoto: (document) => `Llun o'ch ${documentName(document)}`,
  documentPhotoHint: (document) =>
    document === 'passport'
      ? "Y dudalen gyda'ch llun, gan gynnwys y ddwy linell o lythrennau a rhifau ar y gwaelod."
      : "Blaen y cerdyn, gyda'ch llun.",
  selfie: 'Hunlun',
  selfieHint: 'Eich wyneb yn unig, yn edrych ar y camera, mewn golau da.',
  photoPreview: (what) => `Rhagolwg o'r ${documentName(what)}`,
  retake: (what) => `Tynnu'r ${documentName(what)} eto`,
  startCamera: 'Defnyddio fy nghamera',
  takeSelfie: 'Tynnu hunlun',
  stopCamera: 'Diffodd y camera',
  cameraView: 'Golwg y camera',
  cameraUnavailable:
    "Nid oeddem yn gallu defnyddio eich camera. Gallwch ddewis hunlun o'ch ffeiliau yn lle hynny.",
  orChooseFile: "Neu dewiswch lun o'ch ffeiliau:",
  photoRequired: (what) => `Tynnwch neu dewiswch y ${documentName(what)}.`,
  photoTooLarge:
    "Mae'r llun hwn yn rhy fawr (dros 10 MB). Tynnwch ef eto ar gydraniad is, neu dewiswch ffeil lai.",
  sendPhotos: 'Gwirio fy lluniau',
  sendingPhotos: 'Yn gwirio eich lluniau...',
  documentDone: (document) => `Mae llun eich ${documentName(document)} wedi'i wirio.`,

  cardTitle: 'Cerdyn credyd',
  cardIntro: 'Rhowch fanylion eich cerdyn',
  cardNumber: 'Rhif y cerdyn',
  cardName: 'Enw deiliad y cerdyn',
  cardExpiry: 'Dyddiad dod i ben',
  cardExpiryHint: 'MM/BB',

  licenceTitle: 'Trwydded yrru',
  licenceIntro: 'Rhowch fanylion eich trwydded yrru',
  licenceSurname: '1. Cyfenw',
  licenceGiven: '2. Enw(au) cyntaf',
  licenceDob: '3. Dyddiad geni',
  licenceIssue: '4a. Dyddiad cyhoeddi',
  licenceExpiry: '4b. Dyddiad dod i ben',
  licenceNumber: '5. Rhif y drwydded',
  licencePostcode: '8. Cod post',

  kbvTitle: 'Gwiriad hunaniaeth',
  kbvIntro: "Atebwch bob un o'r cwestiynau isod",
  kbvFailed: "Mae'n ddrwg gennym, nid ydym wedi gallu gwirio pwy ydych chi o'ch atebion.",
  kbvInsufficient:
    "Mae'n ddrwg gennym, nid oes gennym ddigon o wybodaeth amdanoch i ofyn cwestiynau am bwy ydych chi.",
  returnButton: 'Dychwelyd',
  home: "Mynd i'r hafan",
};

export const checkLabels: Translation<typeof en.checkLabels> = checkLabelsWelsh;

export const documentRuleMessages: Translation<typeof en.documentRuleMessages> = {
  surnameRequired: 'Mae angen cyfenw',
  surnameInvalid: 'Ni ddylai’r cyfenw gynnwys nodau arbennig',
  givenRequired: 'Mae angen enwau cyntaf',
  givenInvalid: 'Ni ddylai’r enwau cyntaf gynnwys nodau arbennig',
  surnameTooLong: `Rhaid i’r cyfenw fod yn ${nameMaxLength} nod neu lai`,
  givenTooLong: `Rhaid i’r enwau cyntaf fod yn ${nameMaxLength} nod neu lai`,
  dobRequired: 'Mae angen dyddiad geni',
  dobTooEarly: 'Rhaid i’r dyddiad geni fod ar neu ar ôl 01/01/1900',
  dobInFuture: 'Rhaid i’r dyddiad geni fod yn y gorffennol',
  dateInvalid: 'Rhowch ddyddiad go iawn',
  passportNumberRequired: 'Mae angen rhif pasbort',
  passportNumberInvalid: 'Rhif pasbort annilys',
  passportExpiryRequired: 'Mae angen dyddiad dod i ben',
  passportExpired: 'Rhaid nad yw’r pasbort wedi dod i ben fwy na 6 mis yn ôl',
};

export const licenceRuleMessages: Translation<typeof en.licenceRuleMessages> = {
  issueRequired: 'Mae angen dyddiad cyhoeddi',
  issueTooEarly: 'Rhaid i’r dyddiad cyhoeddi fod ar neu ar ôl 01/01/1900',
  issueInFuture: 'Ni ddylai’r dyddiad cyhoeddi fod yn y dyfodol',
  expiryRequired: 'Mae angen dyddiad dod i ben',
  expired: 'Rhaid nad yw’r drwydded yrru wedi dod i ben',
  numberRequired: 'Mae angen rhif y drwydded yrru',
  numberInvalid: 'Mae rhif y drwydded yrru yn annilys',
  numberMismatch: 'Nid yw rhif y drwydded yrru yn cyfateb i’ch cyfenw a’ch dyddiad geni',
  postcodeRequired: 'Mae angen cod post',
  postcodeInvalid: 'Mae’r cod post yn annilys',
};

export const cardRuleMessages: Translation<typeof en.cardRuleMessages> = {
  numberRequired: 'Mae angen rhif y cerdyn',
  numberInvalid: 'Mae rhif y cerdyn yn annilys',
  numberTooShort: 'Mae rhif y cerdyn yn rhy fyr',
  nameRequired: 'Mae angen yr enw ar y cerdyn',
  nameInvalid: 'Mae’r enw ar y cerdyn yn annilys',
  expiryRequired: 'Mae angen dyddiad dod i ben',
  expiryInvalid: 'Mae’r dyddiad dod i ben yn annilys',
  expired: 'Mae’r cerdyn hwn wedi dod i ben',
};
