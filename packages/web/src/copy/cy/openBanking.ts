import type * as en from '../openBanking';
import type { Translation } from '../translation';

export const openBankingCopy: Translation<typeof en.openBankingCopy> = {
  title: 'Dewis eich banc',
  intro: (client) =>
    client
      ? `Mae ${client} wedi gofyn i ni wirio pwy ydych chi. Mewngofnodwch i'ch banc i gadarnhau mai chi sy'n berchen ar eich cyfrif banc.`
      : "Mewngofnodwch i'ch banc i gadarnhau mai chi sy'n berchen ar eich cyfrif banc.",
  onlyNameAndNumber:
    "Dim ond enw a rhif eich cyfrif rydym yn eu gofyn gan eich banc. Nid ydym yn gweld eich balans na'ch trafodion.",
  banksLabel: 'Banciau',
  chooseBank: (bank) => `Mewngofnodi gyda ${bank}`,
  noBanks: 'Nid oes unrhyw fanciau ar gael ar hyn o bryd. Dewiswch opsiwn gwirio gwahanol.',
  cancelLink: (client) =>
    client ? `Canslo a dychwelyd i ${client}` : "Canslo a dychwelyd i'r gwasanaeth",
  cancelTitle: 'Canslo?',
  cancelText: 'Ydych chi am roi’r gorau i wirio pwy ydych chi a mynd yn ôl?',
  cancelYes: 'Ydw, canslo',
  cancelNo: 'Nac ydw, parhau',
  transferringTitle: (bank) => `Yn eich trosglwyddo i ${bank}`,
  transferringText: (bank) => `Rydym yn eich trosglwyddo'n ddiogel i ${bank} i'ch dilysu`,
  slow: '. Mae hyn yn cymryd mwy o amser nag arfer...',
  timedOut: 'Daeth amser y cais i ben',
  frameTitle: (bank) => `Mewngofnodi ${bank}`,
  closeFrame: 'Cau mewngofnodi’r banc',
  callbackTitle: 'Mewngofnodi banc',
  successTitle: "Cyfrif banc wedi'i wirio",
  success: "Llongyfarchiadau, rydym wedi gwirio mai chi sy'n berchen ar eich cyfrif banc.",
  continue: 'Parhau',
  mismatchTitle: 'Nid oeddem yn gallu gwirio eich manylion',
  returnButton: 'Dychwelyd',
  stateInvalid:
    "Mae'r mewngofnodi banc hwn wedi dod i ben neu cafodd ei ddechrau mewn ffenestr arall. Dewiswch eich banc eto.",
  networkFailure:
    'Nid oeddem yn gallu cyrraedd ein gweinydd i orffen eich mewngofnodi banc. Gwiriwch eich cysylltiad a dewiswch eich banc eto.',
  chooseAgain: 'Dewis eich banc eto',
  notLinked:
    "Nid yw'r cyfrif banc hwn wedi'i gysylltu â chyfrif yma eto. Mewngofnodwch yn gyntaf, yna gwiriwch eich cyfrif banc.",
  logIn: 'Mewngofnodi',
  bankAccountTitle: 'Cyfrif banc',
  bankAccountSuccess: 'Llongyfarchiadau, rydym wedi gwirio eich cyfrif banc.',
  bankAccountFailure: "Mae'n ddrwg gennym, nid ydym wedi gallu gwirio eich cyfrif banc.",
  bankAccountNetwork:
    'Nid oeddem yn gallu cyrraedd ein gweinydd i wirio eich cyfrif banc. Gwiriwch eich cysylltiad a rhowch gynnig arall arni.',
  retry: 'Rhoi cynnig arall arni',
  bankDetailsIntro:
    "Rhowch god didoli a rhif cyfrif cyfrif cyfredol yn eich enw. Rydym yn gwirio gyda'ch banc mai chi sy'n berchen ar y cyfrif.",
  bankDetailsLabel: 'Eich cyfrif banc',
  bankFieldTitles: { sort_code: 'Cod didoli', account_number: 'Rhif cyfrif' },
  checkAccount: 'Gwirio fy nghyfrif',
  checkingAccount: 'Yn gwirio…',
};

const unableToContact =
  "Mae'n ddrwg gennym, nid oeddem yn gallu cysylltu â'ch banc. Rhowch gynnig arall arni yn nes ymlaen.";

export const bankSelectionMessages: Translation<typeof en.bankSelectionMessages> = {
  NoBankAccounts:
    "Efallai mai cardiau credyd, benthyciadau neu forgeisi yw'r cyfrifon a rannwyd gennych. Dewiswch gyfrif banc a rhowch gynnig arall arni.",
  NoAccountNumber:
    'Ni roddodd eich banc rif y cyfrif. Rhowch gynnig arall arni gyda chyfrif arall.',
  NoAccounts:
    'Ni chawsom gyfrif y gellir ei ddefnyddio. Dewiswch gyfrif a rhowch gynnig arall arni.',
  TEMPORARY_ERROR: unableToContact,
  INTERNAL_ERROR: unableToContact,
  provider_error: unableToContact,
  USER_CANCELLED: null,
  AUTHENTICATION_ERROR: null,
  access_denied: null,
  NotAccountHolder:
    'Nid oeddem yn gallu cadarnhau mai chi yw deiliad y cyfrif banc hwn, felly ni all eich mewngofnodi. Ni ellir defnyddio cyfrifon ar y cyd i fewngofnodi. Mewngofnodwch mewn ffordd arall.',
};
