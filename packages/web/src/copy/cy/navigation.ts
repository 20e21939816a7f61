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
