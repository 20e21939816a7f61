import type { Language, Translation } from '@verity/contracts';

/** The texts of the security notices e-mailed to an account's owner (features/notices). */
const english = {
  subject: (change: string, product: string) => `${change} on your ${product} account`,
  body: (what: string, supportEmail: string, product: string) =>
    `${what}.\n\nIf you did not do this, reset your password with 'Forgot Password' and tell us at ${supportEmail}.\n\n${product}`,
  newSetting: 'New security setting',
  identityShared: 'Identity shared',
  identitySharedText:
    'Your verified identity was shared with someone by e-mail. You can see and withdraw your shares in your account',
  /** What was added, in the owner's words. No number, device or name: only the kind. */
  added: {
    Authenticator: 'An authenticator app was set up as a second factor',
    Sms: 'A phone number was set up to receive second-factor codes by SMS',
    Voice: 'A phone number was set up to receive second-factor codes by voice call',
    WebAuthn: 'A security key was set up as a second factor',
    recoveryCodes: 'New recovery codes were made (the old ones no longer work)',
    pin: 'A PIN was set up to log in on a device',
    signingPin: 'A PIN was set up to sign on a device',
  },
  linkedSubject: (provider: string, product: string) =>
    `${provider} was linked to your ${product} account`,
  removedSubject: (provider: string, product: string) =>
    `${provider} was removed from your ${product} account`,
  linkedText: (provider: string, product: string) =>
    `Your ${provider} account can now be used to log in to your ${product} account`,
  removedText: (provider: string, product: string) =>
    `Your ${provider} account can no longer be used to log in to your ${product} account`,
} as const;

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  subject: (change, product) => `${change} ar eich cyfrif ${product}`,
  body: (what, supportEmail, product) =>
    `${what}.\n\nOs nad chi wnaeth hyn, ailosodwch eich cyfrinair gyda 'Wedi anghofio'r cyfrinair' a rhowch wybod i ni yn ${supportEmail}.\n\n${product}`,
  newSetting: 'Gosodiad diogelwch newydd',
  identityShared: "Hunaniaeth wedi'i rhannu",
  identitySharedText:
    "Cafodd eich hunaniaeth wedi'i gwirio ei rhannu â rhywun drwy e-bost. Gallwch weld a thynnu eich rhannu yn ôl yn eich cyfrif",
  added: {
    Authenticator: 'Cafodd ap dilysu ei osod fel ail ffactor',
    Sms: 'Cafodd rhif ffôn ei osod i gael codau ail ffactor drwy neges destun (SMS)',
    Voice: 'Cafodd rhif ffôn ei osod i gael codau ail ffactor drwy alwad llais',
    WebAuthn: 'Cafodd allwedd ddiogelwch ei gosod fel ail ffactor',
    recoveryCodes: "Cafodd codau adfer newydd eu creu (nid yw'r hen rai yn gweithio mwyach)",
    pin: 'Cafodd PIN ei osod i fewngofnodi ar ddyfais',
    signingPin: 'Cafodd PIN ei osod i lofnodi ar ddyfais',
  },
  linkedSubject: (provider, product) => `Cafodd ${provider} ei gysylltu â'ch cyfrif ${product}`,
  removedSubject: (provider, product) => `Cafodd ${provider} ei dynnu o'ch cyfrif ${product}`,
  linkedText: (provider, product) =>
    `Gellir defnyddio eich cyfrif ${provider} bellach i fewngofnodi i'ch cyfrif ${product}`,
  removedText: (provider, product) =>
    `Ni ellir defnyddio eich cyfrif ${provider} mwyach i fewngofnodi i'ch cyfrif ${product}`,
};

export const noticeMessages: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};
