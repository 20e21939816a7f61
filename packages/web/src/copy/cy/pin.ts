import type * as en from '../pin';
import type { Translation } from '../translation';

export const pinCopy: Translation<typeof en.pinCopy> = {
  loginPrompt: (product) => `Rhowch eich M-Pin ${product}`,
  setupPrompt: (product) => `Dewiswch eich M-Pin ${product}`,
  confirmPrompt: 'Rhowch eich PIN eto',
  mismatch: "Nid yw'r PINau yn cyfateb",
  selectTitle: 'Dewiswch y cyfrif i fewngofnodi iddo',
  notMyEmail: 'Nid fy nghyfeiriad e-bost i yw hwn',
  deleteAccount: (display) => `Dileu ${display} o'r ddyfais hon`,
  registerTitle: 'Gwirio pwy ydych chi',
  registerIntro: (clientName) => `Mae ${clientName} wedi gofyn i chi wirio pwy ydych chi.`,
  terms: (product) => `Rwy'n cytuno â Thelerau ac Amodau a Pholisi Preifatrwydd ${product}`,
  start: 'Dechrau gwirio',
  cancel: 'Canslo',
  authenticationFailed: 'Methodd y dilysu',
  revokedTitle: 'Rydych wedi defnyddio gormod o ymdrechion PIN.',
  revokedText: 'Bydd angen i ni eich ailwirio cyn y gallwch fewngofnodi ar y ddyfais hon.',
  backspace: "Dileu'r digid olaf",
  noRequest:
    "Mae PIN wedi'i osod ar gyfer y gwasanaeth y daethoch ohono. Dechreuwch eto o'r fan honno.",
  switchAccount: 'Nid chi? Dewiswch gyfrif arall',
  passwordInstead: "Mewngofnodi gyda'ch e-bost a'ch cyfrinair yn lle hynny",
  digitsEntered: (entered, length) => `${entered} o ${length} digid wedi'u rhoi`,
  doneTitle: (product) => `Mae eich M-Pin ${product} yn barod`,
  doneText: "Gallwch nawr fewngofnodi ar y ddyfais hon gyda'ch PIN.",
  doneContinue: 'Parhau',
  settingUp: (product) => `Yn gosod eich M-Pin ${product}. Arhoswch...`,
  loggingIn: (product) => `Yn eich mewngofnodi gyda'ch M-Pin ${product}. Arhoswch...`,
};
