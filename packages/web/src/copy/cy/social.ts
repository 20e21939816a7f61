import { socialProviderNames, type SocialProvider } from '@verity/contracts';
import type * as en from '../social';
import type { Translation } from '../translation';

// Provider names are names: the same in both languages.
const name = (provider: SocialProvider) => socialProviderNames[provider];

export const socialCopy: Translation<typeof en.socialCopy> = {
  loginWith: (provider) => `Mewngofnodi gyda ${name(provider)}`,
  signupWith: (provider) => `Cofrestru gyda ${name(provider)}`,
  linkWith: (provider) => `Cysylltu ${name(provider)}`,
  waitingFor: (provider) => `Parhewch yn ffenestr ${name(provider)} sydd wedi agor...`,

  cancelled: (provider) =>
    `Gwnaethoch ganslo mewngofnodi gyda ${name(provider)}. Dewiswch ffordd arall, neu rhowch gynnig arall arni.`,
  providerError: (provider) =>
    `Nid oedd ${name(provider)} yn gallu eich mewngofnodi. Rhowch gynnig arall arni yn nes ymlaen.`,
  emailNotVerified: (provider) =>
    `Nid yw ${name(provider)} wedi gwirio eich cyfeiriad e-bost, felly ni allwn ei ddefnyddio. Gwiriwch ef yn ${name(provider)}, neu cofrestrwch gyda'ch cyfeiriad e-bost a chyfrinair.`,
  stateMismatch:
    "Mae'r ymgais hon i fewngofnodi wedi dod i ben neu cafodd ei dechrau mewn ffenestr arall. Rhowch gynnig arall arni.",
  signupRequired: (provider) =>
    `Nid oes cyfrif gyda'ch cyfeiriad e-bost ${name(provider)} eto. Cofrestrwch i greu un.`,
  linkRequired: (provider) =>
    `Mae cyfrif gyda'r cyfeiriad e-bost hwn yn bodoli eisoes. Mewngofnodwch gyda'ch cyfeiriad e-bost a'ch cyfrinair, yna cysylltwch ${name(provider)} o ddulliau mewngofnodi eich cyfrif.`,
  identityInUse: (provider) =>
    `Mae'r cyfrif ${name(provider)} hwn eisoes wedi'i gysylltu â chyfrif arall.`,
  alreadyLinked: (provider) =>
    `Rydych eisoes wedi cysylltu cyfrif ${name(provider)}. Dilëwch ef yn gyntaf i gysylltu un arall.`,
  lastMethod: 'Dyma eich unig ffordd o fewngofnodi, felly ni ellir ei dileu.',
  unknownError: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",

  callbackTitle: 'Yn eich mewngofnodi',
  callbackDone: "Gallwch gau'r ffenestr hon.",
  backToLogin: 'Yn ôl i fewngofnodi',

  methodsTitle: 'Dulliau mewngofnodi',
  methodsIntro: "Y ffyrdd y gallwch fewngofnodi i'ch cyfrif.",
  password: 'E-bost a chyfrinair',
  linkedOn: (date) => `Wedi'i gysylltu ar ${date}`,
  remove: 'Dileu',
  removing: 'Yn dileu...',
  onlyMethod: 'Dyma eich unig ffordd o fewngofnodi.',
  addMethod: 'Cysylltu ffordd arall o fewngofnodi',
  addPassword: "I fewngofnodi gyda'ch cyfeiriad e-bost a chyfrinair hefyd, gosodwch un gyda",
  setPassword: "Wedi anghofio'r cyfrinair",
  linked: (provider) => `Mae ${name(provider)} bellach wedi'i gysylltu â'ch cyfrif.`,
  removed: (provider) => `Mae ${name(provider)} wedi'i ddileu.`,
  providerName: name,
};
