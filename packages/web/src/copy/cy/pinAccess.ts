import type * as en from '../pinAccess';
import type { Translation } from '../translation';

export const pinAccessCopy: Translation<typeof en.pinAccessCopy> = {
  useAnotherDevice: 'Defnyddio dyfais arall',
  anotherDeviceIntro:
    "Mewngofnodwch gyda'r M-Pin a osodwyd gennych ar ddyfais arall: sganiwch y cod QR gyda hi, neu agorwch y wefan hon yno a theipiwch y rhif mynediad.",
  showNumber: 'Dangos y rhif mynediad a’r cod QR',
  accessNumber: 'Rhif mynediad',
  qrAlt: "Cod QR sy'n agor y dudalen gymeradwyo ar eich dyfais arall",
  approvePath: (origin) => `Ar eich dyfais arall, agorwch ${origin}/mpinaccess`,
  waiting: 'Yn aros am eich dyfais arall…',
  scanned: 'Mae eich dyfais arall wedi agor y mewngofnodi hwn. Rhowch eich M-Pin yno.',
  expired: "Mae'r rhif mynediad hwn wedi dod i ben.",
  declinedThere: "Ni wnaeth eich dyfais arall gymeradwyo'r mewngofnodi hwn.",
  newNumber: 'Cael rhif mynediad newydd',
  pushLabel: 'Neu anfonwch gais at eich dyfeisiau: eich cyfeiriad e-bost',
  pushSend: 'Anfon cais',
  pushSending: 'Yn anfon...',
  pushSent: (number) =>
    `Os oes gan y cyfrif hwn M-Pin ar ddyfais arall, agorwch /mpinaccess yno. Bydd yn dangos y rhif hwn: ${number}.`,
  cancel: "Rhoi'r gorau i aros",
  approveTitle: 'Cymeradwyo mewngofnodi',
  typeNumber: 'Teipiwch y rhif mynediad a ddangosir ar y porwr rydych am fewngofnodi arno',
  lookUp: 'Parhau',
  lookingUp: 'Arhoswch...',
  pendingTitle: "Mewngofnodi sy'n aros am eich cymeradwyaeth",
  noPending: 'Nid oes unrhyw fewngofnodi yn aros am eich cymeradwyaeth.',
  review: 'Adolygu',
  approveQuestion: (client) => `Mewngofnodi i ${client} ar borwr arall?`,
  requester: (device, age) =>
    `Gofynnwyd gan ${device}, ${age < 60 ? `${age} eiliad` : `${Math.round(age / 60)} munud`} yn ôl.`,
  compareNumber:
    "Parhewch dim ond os yw'r porwr rydych yn mewngofnodi arno yn dangos y rhif mynediad hwn:",
  otherNetwork:
    "Mae'r porwr hwnnw ar rwydwaith gwahanol i'r ddyfais hon. Os anfonodd rhywun y ddolen neu'r rhif hwn atoch, stopiwch yma: byddai cymeradwyo yn eu mewngofnodi fel chi.",
  noIdentity: (client) =>
    `Nid oes M-Pin ar gyfer ${client} ar y ddyfais hon. Defnyddiwch y ddyfais lle gwnaethoch ei osod.`,
  chooseIdentity: 'Cymeradwyo fel',
  alsoRegister:
    "Gadael i'r porwr hwnnw osod ei M-Pin ei hun hefyd (bydd y ddyfais hon wedyn wedi mewngofnodi gyda'ch M-Pin hefyd)",
  approved:
    "Wedi'i gymeradwyo. Mae'r porwr arall bellach wedi mewngofnodi; gallwch gau'r dudalen hon.",
  decline: 'Peidio â chymeradwyo',
  declined: 'Heb ei gymeradwyo. Ni chafodd unrhyw beth ei fewngofnodi.',
};
