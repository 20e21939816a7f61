import type { Language, Translation } from '@verity/contracts';

/**
 * The e-mails about the account itself: the password lock notice (in the account's stored
 * language: someone else's guesses trigger it), the closure notice (the owner's request), and
 * the invitation to verify (the inviter's language, as the share e-mail: its reader's is unknown).
 */
const english = {
  lockSubject: (product: string) => `Your ${product} password login is locked`,
  lockBody: (product: string, times: string, days: string, link: string) =>
    `Someone entered a wrong password for your ${product} account ${times} times in a row, so we have locked logging in with your password.\n\n` +
    `To unlock it, set a new password with this link (it works once, for ${days} days):\n${link}\n\n` +
    `If you did not try to log in, someone else may know your e-mail address: choose a password you use nowhere else.\n\n${product}`,
  closureSubject: (product: string) => `Your ${product} account has been deleted`,
  closureBody: (product: string, supportEmail: string) =>
    `Your ${product} account has been deleted, and you have been signed out everywhere.\n\n` +
    `As our Privacy Policy says, we keep the records of the identity checks you completed, encrypted, and a log of security events on the account for 7 years, to meet our legal duties to prevent fraud and money laundering. Everything else is deleted.\n\n` +
    `If you did not delete your account, contact us at ${supportEmail}.\n\n${product}`,
  inviteSubject: (product: string) => `Please verify your identity with ${product}`,
  inviteBody: (product: string, asker: string, link: string) =>
    `${asker} has asked you to prove your identity with ${product}.\n\n` +
    `To do so, create a ${product} account and verify your identity at:\n${link}\n\n` +
    `Then share your verified identity with them from your account.\n\n` +
    `If you do not know the person who asked, you can ignore this e-mail.\n\n${product}`,
  /** The line in the other language, for a reader whose language is unknown. */
  otherLanguage: "Mae'r gwasanaeth ar gael yn Gymraeg hefyd: dewiswch 'Cymraeg' ar frig y dudalen.",
} as const;

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  lockSubject: (product) => `Mae mewngofnodi â chyfrinair i'ch cyfrif ${product} wedi'i gloi`,
  lockBody: (product, times, days, link) =>
    `Rhoddodd rhywun gyfrinair anghywir ar gyfer eich cyfrif ${product} ${times} gwaith yn olynol, felly rydym wedi cloi mewngofnodi â'ch cyfrinair.\n\n` +
    `I'w ddatgloi, gosodwch gyfrinair newydd gyda'r ddolen hon (mae'n gweithio unwaith, am ${days} diwrnod):\n${link}\n\n` +
    `Os nad oeddech chi wedi ceisio mewngofnodi, efallai bod rhywun arall yn gwybod eich cyfeiriad e-bost: dewiswch gyfrinair nad ydych yn ei ddefnyddio yn unman arall.\n\n${product}`,
  closureSubject: (product) => `Mae eich cyfrif ${product} wedi'i ddileu`,
  closureBody: (product, supportEmail) =>
    `Mae eich cyfrif ${product} wedi'i ddileu, ac rydych wedi cael eich allgofnodi ym mhobman.\n\n` +
    `Fel y dywed ein Polisi Preifatrwydd, rydym yn cadw cofnodion y gwiriadau hunaniaeth a gwblhawyd gennych, wedi'u hamgryptio, a log o ddigwyddiadau diogelwch ar y cyfrif am 7 mlynedd, i gyflawni ein dyletswyddau cyfreithiol i atal twyll a gwyngalchu arian. Caiff popeth arall ei ddileu.\n\n` +
    `Os nad chi wnaeth ddileu eich cyfrif, cysylltwch â ni yn ${supportEmail}.\n\n${product}`,
  inviteSubject: (product) => `Gwiriwch eich hunaniaeth gyda ${product}`,
  inviteBody: (product, asker, link) =>
    `Mae ${asker} wedi gofyn i chi brofi eich hunaniaeth gyda ${product}.\n\n` +
    `I wneud hynny, crëwch gyfrif ${product} a gwiriwch eich hunaniaeth yn:\n${link}\n\n` +
    `Yna rhannwch eich hunaniaeth wedi'i gwirio â nhw o'ch cyfrif.\n\n` +
    `Os nad ydych yn adnabod y person a ofynnodd, gallwch anwybyddu'r e-bost hwn.\n\n${product}`,
  otherLanguage: "The service is in English too: choose 'English' at the top of the page.",
};

export const accountMessages: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};
