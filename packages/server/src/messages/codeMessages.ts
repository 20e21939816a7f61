import type { Language, Translation } from '@verity/contracts';

/** The texts of the codes the server sends: e-mailed codes, SMS and voice calls. */
const english = {
  verifySubject: 'Your e-mail verification code',
  resetSubject: 'Your password reset code',
  verifyPurpose: (product: string) => `verify your e-mail address with ${product}`,
  resetPurpose: (product: string) => `reset your ${product} password`,
  emailBody: (code: string, purpose: string, product: string) =>
    `Your code is ${code}\n\nEnter it to ${purpose}. It works for 10 minutes, once.\n\nIf you did not ask for this, you can ignore this e-mail.\n\n${product}`,
  sms: (product: string, code: string) =>
    `Your ${product} code is ${code}. It expires in 10 minutes. Do not share it with anyone.`,
  /** What the call says: `digits` each on its own, twice. */
  spoken: (product: string, digits: string) =>
    `Your ${product} code is ${digits}. Again, your code is ${digits}.`,
} as const;

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  verifySubject: 'Eich cod gwirio e-bost',
  resetSubject: 'Eich cod ailosod cyfrinair',
  verifyPurpose: (product) => `wirio eich cyfeiriad e-bost gyda ${product}`,
  resetPurpose: (product) => `ailosod eich cyfrinair ${product}`,
  emailBody: (code, purpose, product) =>
    `Eich cod yw ${code}\n\nRhowch ef i ${purpose}. Mae'n gweithio am 10 munud, unwaith.\n\nOs na wnaethoch ofyn am hyn, gallwch anwybyddu'r e-bost hwn.\n\n${product}`,
  sms: (product, code) =>
    `Eich cod ${product} yw ${code}. Mae'n dod i ben mewn 10 munud. Peidiwch â'i rannu ag unrhyw un.`,
  spoken: (product, digits) =>
    `Eich cod ${product} yw ${digits}. Unwaith eto, eich cod yw ${digits}.`,
};

export const codeMessages: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};
