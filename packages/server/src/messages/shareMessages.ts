import type { Language, Translation } from '@verity/contracts';

/** The texts of the share e-mail (features/share/shareEmail.ts). */
const english = {
  namedSubject: (name: string) => `${name} has shared their verified identity with you`,
  namedBody: (name: string, product: string, link: string) =>
    `${name} has shared their identity, verified by ${product}, with you as part of the home buying and selling scheme.\n\nSee what was verified and when:\n${link}`,
  unnamedSubject: (product: string) =>
    `A ${product} user has shared their identity checks with you`,
  unnamedBody: (account: string, product: string, link: string) =>
    `The ${product} account ${account} has shared its identity checks with you as part of the home buying and selling scheme. ${product} has not verified a name for it.\n\nSee what was checked and when:\n${link}`,
  ending: (until: string, product: string) =>
    `The link works until ${until}. If you were not expecting this, you can ignore this e-mail.\n\n${product}`,
  /** The line in the other language, for a recipient whose language is unknown. */
  otherLanguage: "Mae'r dudalen ar gael yn Gymraeg hefyd: dewiswch 'Cymraeg' ar frig y dudalen.",
} as const;

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  namedSubject: (name) => `Mae ${name} wedi rhannu ei hunaniaeth wedi'i gwirio â chi`,
  namedBody: (name, product, link) =>
    `Mae ${name} wedi rhannu ei hunaniaeth, wedi'i gwirio gan ${product}, â chi fel rhan o'r cynllun prynu a gwerthu cartrefi.\n\nGweld beth a gafodd ei wirio a phryd:\n${link}`,
  unnamedSubject: (product) =>
    `Mae un o ddefnyddwyr ${product} wedi rhannu ei wiriadau hunaniaeth â chi`,
  unnamedBody: (account, product, link) =>
    `Mae cyfrif ${product} ${account} wedi rhannu ei wiriadau hunaniaeth â chi fel rhan o'r cynllun prynu a gwerthu cartrefi. Nid yw ${product} wedi gwirio enw ar ei gyfer.\n\nGweld beth a gafodd ei wirio a phryd:\n${link}`,
  ending: (until, product) =>
    `Mae'r ddolen yn gweithio tan ${until}. Os nad oeddech yn disgwyl hyn, gallwch anwybyddu'r e-bost hwn.\n\n${product}`,
  otherLanguage: "The page is in English too: choose 'English' at the top of the page.",
};

export const shareMessages: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};

/** A date and time as the e-mail gives it: English as before (UTC), Welsh in Welsh. */
export function shareUntil(expiresAt: number, language: Language): string {
  const date = new Date(expiresAt);
  if (language === 'en') return date.toUTCString();
  return new Intl.DateTimeFormat('cy-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  })
    .format(date)
    .concat(' UTC');
}
