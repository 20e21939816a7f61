import { brand } from '../brand';
import type * as en from '../account';
import type { Translation } from '../translation';

export const shareCopy: Translation<typeof en.shareCopy> = {
  title: 'Rhannu eich hunaniaeth ag eraill',
  subtitle:
    'Rhannwch eich hunaniaeth ag asiantau tai, cyfreithwyr, trawsgludwyr a darparwyr morgeisi fel rhan o gynllun prynu a gwerthu cartrefi MyIdentity.',
  none: 'Nid ydych wedi rhannu eich hunaniaeth ag unrhyw un eto.',
  email: 'E-bost',
  status: 'Statws',
  emailSent: "E-bost wedi'i anfon",
  identityShared: "Hunaniaeth wedi'i rhannu",
  recipient: 'Cyfeiriad e-bost y derbynnydd',
  recipientHint: (days) =>
    `Byddwn yn anfon dolen atynt drwy e-bost i dudalen sy'n dangos eich enw, beth rydym wedi'i wirio amdanoch, a phryd. Mae'r ddolen yn gweithio am ${days} diwrnod.`,
  share: 'Rhannu hunaniaeth',
  sharing: 'Yn rhannu hunaniaeth...',
  shared: (email) => `Rydym wedi anfon dolen at ${email} i'ch hunaniaeth wedi'i gwirio.`,
  limitReached: "Rydych wedi rhannu eich hunaniaeth â'r nifer mwyaf o bobl a ganiateir (4).",
  failed: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen",
  action: 'Cam gweithredu',
  withdrawLabel: "Tynnu'n ôl",
  withdrawing: "Yn tynnu'n ôl...",
  withdraw: (email) => `Tynnu'r rhannu gyda ${email} yn ôl`,
  withdrawn: (email) =>
    `Rydych wedi tynnu'r rhannu gyda ${email} yn ôl. Nid yw eu dolen yn gweithio mwyach.`,
};

export const sharedCopy: Translation<typeof en.sharedCopy> = {
  title: "Hunaniaeth wedi'i gwirio",
  intro: `Cafodd hunaniaeth yr unigolyn hwn ei gwirio gan ${brand.product}.`,
  name: 'Enw',
  noName: 'Heb ei roi',
  nameVerified: "Wedi'i wirio",
  nameNotVerified: '(heb ei wirio gan wiriad hunaniaeth)',
  verified: 'Beth a gafodd ei wirio',
  check: 'Gwiriad',
  how: 'Beth a ddangosodd',
  when: 'Dyddiad gwirio',
  nothingVerified: "Nid oes unrhyw wiriadau hunaniaeth wedi'u cwblhau eto.",
  expires: (when) => `Mae'r ddolen hon yn gweithio tan ${when}.`,
  opening: 'Yn agor yr hunaniaeth a rannwyd...',
  invalid:
    "Mae'r ddolen hon wedi dod i ben neu nid yw'n ddilys. Gofynnwch i'r anfonwr ei rhannu eto.",
  failed: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen",
};

export const requestProofCopy: Translation<typeof en.requestProofCopy> = {
  title: 'Gofyn i rywun am brawf',
  intro: `Byddwn yn anfon gwahoddiad drwy e-bost i'r unigolyn wirio ei hunaniaeth gyda ${brand.product}. Mae'n dweud mai chi a ofynnodd, gan roi eich cyfeiriad e-bost, a dim byd arall.`,
  email: 'Eu cyfeiriad e-bost',
  send: 'Anfon cais',
  sending: 'Yn anfon y cais...',
  sent: (email) =>
    `Rydym wedi gofyn i ${email} wirio ei hunaniaeth. Unwaith y bydd wedi gwneud hynny, gall ei rhannu â chi.`,
  failed: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen",
};

export const consentsCopy: Translation<typeof en.consentsCopy> = {
  signedWithPin: "Wedi'i lofnodi â'ch M-Pin",
  title: 'Gwasanaethau rydych yn rhannu eich manylion â nhw',
  intro: `Gofynnodd y gwasanaethau hyn am eich manylion drwy ${brand.product}, ac fe wnaethoch gytuno. Os byddwch yn tynnu eich caniatâd yn ôl, ni all y gwasanaeth gael eich manylion gennym mwyach: caiff y mewngofnodi a'r mynediad a roesoch iddo eu dirymu, a bydd yn gofyn i chi eto y tro nesaf.`,
  none: 'Nid ydych wedi cytuno i rannu eich manylion ag unrhyw wasanaeth eto.',
  service: 'Gwasanaeth',
  details: 'Manylion a rannwyd',
  since: 'Dyddiad cytuno',
  withdraw: (service) => `Tynnu caniatâd ar gyfer ${service} yn ôl`,
  withdrawLabel: 'Tynnu caniatâd yn ôl',
  withdrawing: "Yn tynnu'n ôl...",
  withdrawn: (service) => `Rydych wedi tynnu eich caniatâd ar gyfer ${service} yn ôl.`,
  failed: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen",
};

export const deleteCopy: Translation<typeof en.deleteCopy> = {
  title: 'Dileu eich cyfrif',
  intro:
    'Ni ellir dadwneud dileu eich cyfrif. Byddwch yn cael eich allgofnodi ym mhobman, ac ni all gwasanaethau y gwnaethoch fewngofnodi iddynt gyda ni gael eich manylion mwyach.',
  deletedNowTitle: 'Beth rydym yn ei ddileu nawr',
  deletedNow: [
    "Eich cyfeiriad e-bost a'ch cyfrinair.",
    'Eich proffil: eich enw, dyddiad geni, cyfeiriad a rhif ffôn.',
    "Y caniatâd a roesoch i wasanaethau, a'r hunaniaethau a rannwyd gennych gyda'u dolenni.",
    'Eich ail ffactorau (rhifau ffôn, apiau dilysu, allweddi diogelwch), codau adfer a PINau.',
    "Y mewngofnodi Google, Microsoft neu Facebook a'r mewngofnodi banc sy'n gysylltiedig â'ch cyfrif, a manylion y cyfrif banc a roesoch i ni.",
    'Eich sesiynau a phob tocyn mewngofnodi a mynediad a roddwyd i wasanaethau: maent yn peidio â gweithio ar unwaith.',
  ],
  keptTitle: 'Beth rydym yn ei gadw, a pham',
  kept: [
    "Cofnodion y gwiriadau hunaniaeth a gwblhawyd gennych: pa wiriadau, pryd, eu canlyniadau, a'r manylion a wiriwyd ganddynt. Maent yn aros wedi'u hamgryptio.",
    "Log o ddigwyddiadau diogelwch ar eich cyfrif, megis mewngofnodi a'r dileu hwn, gyda'u hamseroedd. Nid yw'n cynnwys unrhyw fanylion cyswllt.",
  ],
  keptWhy:
    "Mae ein Polisi Preifatrwydd yn dweud ein bod yn cadw'r rhain am 7 mlynedd ar ôl i gyfrif gael ei gau. Mae eu hangen arnom i gyflawni ein dyletswyddau cyfreithiol i atal twyll a gwyngalchu arian, ac i ateb cwestiynau gan sefydliadau y gwnaethoch brofi eich hunaniaeth iddynt. Ar ôl 7 mlynedd cânt eu dileu. Ni all neb fewngofnodi i'ch cyfrif na'u gweld yn y cyfamser.",
  password: 'Rhowch eich cyfrinair i gadarnhau',
  noPassword:
    'Nid oes cyfrinair gan eich cyfrif, felly yn hytrach rydym yn gofyn eich bod wedi mewngofnodi o fewn y 5 munud diwethaf.',
  loginRecent: 'Gwnaethoch fewngofnodi lai na 5 munud yn ôl: gallwch ddileu eich cyfrif nawr.',
  loginStale: (providers) =>
    `Gwnaethoch fewngofnodi fwy na 5 munud yn ôl. I gadarnhau mai chi sydd yno, mewngofnodwch eto gyda ${providers}, yna dilëwch eich cyfrif o fewn 5 munud.`,
  loginAgain: (provider) => `Mewngofnodi eto gyda ${provider}`,
  loginNotRecent: 'Gwnaethoch fewngofnodi fwy na 5 munud yn ôl. Mewngofnodwch eto yn gyntaf.',
  confirm: 'Dileu fy nghyfrif',
  deleting: 'Yn dileu eich cyfrif...',
  wrongPassword: "Mae'r cyfrinair yn anghywir.",
  failed: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen",
  doneTitle: "Mae eich cyfrif wedi'i ddileu",
  done: `Diolch am ddefnyddio ${brand.product}. Rydym wedi cadw dim ond yr hyn a ddisgrifir uchod.`,
};

export const reloginCopy: Translation<typeof en.reloginCopy> = {
  logInAgain: 'Mewngofnodi eto',
  loggingOut: 'Yn allgofnodi...',
  failed: 'Nid oeddem yn gallu eich allgofnodi. Rhowch gynnig arall arni.',
};
