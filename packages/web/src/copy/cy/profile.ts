import type * as en from '../profile';
import type { Translation } from '../translation';

export const profileCopy: Translation<typeof en.profileCopy> = {
  profileTitle: 'Eich manylion',
  profileIntro: 'Llenwch eich manylion.',
  continue: 'Parhau',
  saving: 'Yn cadw...',
  profileError: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",
  nothingToAsk: "Nid oes dim mwy i'w lenwi.",
  unknownFields:
    "Nid oedd modd cadw rhai o'ch manylion, ail-lwythwch y dudalen a rhowch gynnig arall arni.",
  verified: "Wedi'i wirio",
  changeVerified: 'Newid',
  changeVerifiedLabel: (field) => `Newid ${field} (wedi'i wirio)`,
  changeVerifiedTitle: (field) => `Newid eich ${field.toLowerCase()} sydd wedi'i wirio?`,
  changeVerifiedWarning:
    "Cafodd hwn ei wirio gan wiriad hunaniaeth. Bydd ei newid yn dileu ei wiriad nes i chi ei wirio eto, ac ni fydd gwasanaethau rydych yn ei rannu â nhw yn ei gael fel un wedi'i wirio mwyach.",
  changeVerifiedYes: 'Ei newid',
  changeVerifiedNo: 'Ei gadw',
  verifiedChanging: 'Mae cadw newid yn dileu ei wiriad nes i chi ei wirio eto.',

  consentTitle: 'Rhannu eich manylion',
  consentText: (client) =>
    `Cadarnhewch eich bod yn fodlon i'r data canlynol gael ei rannu â ${client}.`,
  consentCaption: (client) => `Manylion i'w rhannu â ${client}`,
  consentNothing: (client) => `Nid yw ${client} yn gofyn am unrhyw fanylion amdanoch.`,
  field: 'Maes',
  value: 'Gwerth',
  notProvided: 'Heb ei ddarparu',
  confirm: 'Cadarnhau',
  confirming: 'Yn cadarnhau...',
  cancel: 'Canslo',
  cancelling: 'Yn canslo...',
  consentError: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",
  consentSignText: "I gadarnhau, rhowch eich M-Pin: mae'n llofnodi eich caniatâd ar y ddyfais hon.",
  consentLinksLabel: "Ynglŷn â'r gwasanaeth hwn",
  aboutLink: 'Amdanom ni',
  termsLink: 'Telerau ac Amodau',
  privacyLink: 'Polisi Preifatrwydd',
  opensNewTab: ' (yn agor mewn tab newydd)',
  consentSignRevoked: 'Ni all eich M-Pin lofnodi ar y ddyfais hon mwyach. Cadarnhewch hebddo.',

  selectPlaceholder: 'Dewiswch...',
  typeToFilter: "Dechreuwch deipio, yna dewiswch o'r rhestr.",

  postcode: 'Cod post',
  findAddress: "Dod o hyd i'r cyfeiriad",
  finding: 'Yn chwilio...',
  selectYourAddress: 'Dewiswch eich cyfeiriad',
  selectedAddress: 'Y cyfeiriad a ddewiswyd:',
  enterManually: "Rhoi'r cyfeiriad â llaw",
  findByPostcode: "Dod o hyd i'r cyfeiriad drwy'r cod post yn lle hynny",
  manualAddress: 'Cyfeiriad, heb y cod post',
  enterAddress: 'Rhowch eich cyfeiriad',
  addressesFound: (count, postcode) =>
    count === 1
      ? `Daethpwyd o hyd i 1 cyfeiriad ar gyfer ${postcode}.`
      : `Daethpwyd o hyd i ${count} cyfeiriad ar gyfer ${postcode}.`,
  noAddresses: (postcode) =>
    `Nid oeddem yn gallu dod o hyd i unrhyw gyfeiriadau ar gyfer ${postcode}. Gwiriwch y cod post, neu rhowch y cyfeiriad â llaw.`,
  lookupUnavailable:
    "Nid yw'r chwiliwr cyfeiriadau ar gael ar hyn o bryd. Rhowch y cyfeiriad â llaw.",
  lookupFailed:
    "Aeth rhywbeth o'i le wrth chwilio am y cyfeiriad. Rhowch gynnig arall arni, neu rhowch y cyfeiriad â llaw.",
};
