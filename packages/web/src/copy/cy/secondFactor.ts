import type * as en from '../secondFactor';
import type { Translation } from '../translation';

export const secondFactorCopy: Translation<typeof en.secondFactorCopy> = {
  setupTitle: 'Gosod diogelwch',
  setupIntro:
    "Dewiswch sut y byddwch yn profi mai chi sydd yno pan fyddwch yn mewngofnodi, yn ogystal â'ch cyfrinair.",
  moreThanOne:
    'Rydym yn argymell eich bod yn gosod mwy nag un dull, fel y gallwch fewngofnodi o hyd os byddwch yn colli un.',
  loginTitle: 'Mewngofnodi gyda 2FA',
  loginIntro: "Er mwyn cadw eich cyfrif yn ddiogel, profwch mai chi sydd yno gyda'ch ail ffactor.",
  continue: 'Parhau',
  setUp: 'Gosod',
  remove: 'Dileu',
  removing: 'Yn dileu...',
  isSetUp: "Wedi'i osod",
  notSetUp: 'Heb ei osod',
  verify: 'Gwirio',
  verifying: 'Yn gwirio...',
  cancel: 'Canslo',
  wrongCode: "Mae'r cod hwn yn anghywir, rhowch gynnig arall arni.",
  failed: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",

  authenticatorTitle: 'Ap dilysu',
  authenticatorText: 'Defnyddiwch god o ap fel Google Authenticator neu Microsoft Authenticator.',
  authenticatorDialogTitle: 'Gosod ap dilysu',
  authenticatorScan: "Sganiwch y cod QR hwn gyda'ch ap dilysu.",
  authenticatorQrAlt: "Cod QR i ychwanegu'r cyfrif hwn at eich ap dilysu",
  authenticatorKeyIntro: 'Neu rhowch yr allwedd hon yn yr ap â llaw:',
  authenticatorCode: "Rhowch y cod 6 digid y mae'r ap yn ei ddangos",
  authenticatorLoginCode: "Cod o'ch ap dilysu",
  authenticatorCodeFormat: "Dylai'r cod fod yn 6 digid",
  loading: 'Arhoswch...',

  recoveryTitle: 'Eich codau adfer',
  recoveryText:
    "Os na allwch ddefnyddio unrhyw un o'ch dulliau, gallwch fewngofnodi gydag un o'r codau hyn yn lle hynny. Mae pob cod yn gweithio unwaith. Cadwch nhw yn rhywle diogel: dim ond y tro hwn y cânt eu dangos.",
  recoveryRenew: 'Creu codau adfer newydd',
  recoveryRenewing: 'Yn creu codau...',
  recoveryLoginCode: 'Cod adfer',
  recoveryCodeFormat: 'Mae gan god adfer 10 llythyren a digid, fel abcde-23456',

  smsTitle: 'Neges destun (SMS)',
  smsText: 'Rydym yn anfon cod mewn neges destun i’ch ffôn symudol.',
  voiceTitle: 'Llais',
  voiceText: 'Rydym yn ffonio eich ffôn ac mae llais yn darllen cod.',
  smsDialogTitle: 'Gosod neges destun (SMS)',
  voiceDialogTitle: 'Gosod galwad llais',
  mobileNumber: 'Rhif ffôn symudol',
  phoneNumber: 'Rhif ffôn',
  mobileNumberFormat: 'Rhowch rif ffôn symudol yn y DU: 07 a 9 digid arall, fel 07700 900123',
  phoneNumberFormat:
    "Rhowch rif llinell dir yn y DU sy'n dechrau gydag 01 neu 02, fel 01632 960123",
  sendCode: 'Anfon cod',
  callMe: 'Ffoniwch fi',
  sending: 'Yn anfon...',
  calling: 'Yn ffonio...',
  answered: 'Wedi ateb...',
  tryAgain: 'Rhoi cynnig arall arni',
  sendAgain: 'Anfon cod newydd',
  callAgain: 'Ffoniwch fi eto',
  smsCode: 'Rhowch y cod a anfonwyd atoch',
  voiceCode: 'Rhowch y cod a glywsoch',
  phoneCodeFormat: (length) => `Dylai'r cod fod yn ${length} digid`,
  smsLoginIntro: (name) => `Byddwn yn anfon cod i'ch ${name.toLowerCase()}.`,
  voiceLoginIntro: (name) => `Byddwn yn ffonio eich ${name.toLowerCase()} ac yn darllen cod.`,
  notReached: {
    busy: 'Roedd y llinell yn brysur.',
    failed: 'Nid oeddem yn gallu cyrraedd y rhif hwn.',
    'no-answer': 'Ni atebodd neb yr alwad.',
  },

  securityKeyTitle: 'Allwedd ddiogelwch',
  securityKeyText:
    "Defnyddiwch allwedd ddiogelwch (WebAuthn), wedi'i phlygio i mewn neu wedi'i thapio ar eich dyfais.",
  keyName: "Enw'r allwedd",
  addKey: 'Ychwanegu allwedd arall',
  addingKey: 'Yn aros am eich allwedd...',
  useKey: 'Defnyddio eich allwedd ddiogelwch',
  useKeyIntro:
    'Rhowch eich allwedd ddiogelwch i mewn neu ei thapio pan fydd eich porwr yn gofyn amdani.',
  keyNotUsed: 'Ni chafodd yr allwedd ddiogelwch ei defnyddio. Rhowch gynnig arall arni.',
  keyUnsupported: 'Ni all y porwr hwn ddefnyddio allweddi diogelwch.',

  useAnother: 'Defnyddio dull arall',
  useRecoveryCode: 'Defnyddio cod adfer',
  methodNames: {
    Sms: 'Neges destun (SMS)',
    Voice: 'Llais',
    WebAuthn: 'Allwedd ddiogelwch',
    Authenticator: 'Ap dilysu',
  },
};
