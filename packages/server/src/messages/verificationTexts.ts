import {
  checkLabelsWelsh,
  checkRegistry,
  type CheckName,
  type Language,
  type Translation,
} from '@verity/contracts';

const registry = Object.entries(checkRegistry) as Array<
  [CheckName, (typeof checkRegistry)[CheckName]]
>;

/**
 * What the server says about identity checks on screens: the checks' names, what a piece of
 * evidence verified (the account's Verifications, the shared page), and the consent screen's
 * titles of the verified identity. The English is the check registry's (contracts).
 */
const english = {
  evidence: Object.fromEntries(registry.map(([check, info]) => [check, info.evidence])) as Record<
    CheckName,
    string
  >,
  /** 'Name and date of birth verified from your passport', by what it verified. */
  verified: {
    name: (evidence: string) => `Name verified from ${evidence}`,
    birthdate: (evidence: string) => `Date of birth verified from ${evidence}`,
    both: (evidence: string) => `Name and date of birth verified from ${evidence}`,
  },
  /** A check that confirms the person without giving their details. */
  checked: (evidence: string) => `Identity checked with ${evidence}`,
  /** The consent screen's verified identity: 'ANNA SMITH, born 17 February 1985. ...' */
  on: (description: string, day: string) => `${description} on ${day}`,
  born: (day: string) => `born ${day}`,
  notVerified: 'Not verified yet.',
  /** Its documents' details: 'Passport 533401372, issued by HM Passport Office (GB), ...' */
  documentNames: { passport: 'Passport', driving_permit: 'Driving licence' },
  document: (name: string, number: string, issued: string, expires: string) =>
    `${name} ${number}, ${issued}, expires ${expires}`,
  issued: (issuer: string) => `issued by ${issuer}`,
  issuedOn: (issuer: string, date: string) => `issued by ${issuer} on ${date}`,
  consentTitles: {
    email: 'E-mail',
    verifiedIdentity: 'Verified identity',
    documentDetails: 'Document details',
  },
};

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  // After 'gan ddefnyddio' (using) a noun keeps its first letter: no mutation to get wrong.
  evidence: {
    GenuinePassport: "llun o'ch pasbort",
    SelfieComparison: "hunlun wedi'i gymharu â'ch prawf adnabod â llun",
    OB: "mewngofnodi i'ch banc",
    GenuineDrivingLicence: "llun o'ch trwydded yrru",
    CreditCard: 'eich cerdyn credyd',
    DebitCard: 'eich cerdyn debyd',
    Passport: 'eich pasbort',
    DrivingLicence: 'eich trwydded yrru',
    Bank: 'eich cyfrif banc',
    CurrentAccount: 'eich cyfrif cyfredol',
    KBVL1: 'eich ffeil credyd (cwestiynau ariannol)',
    KBVL2: 'eich ffeil credyd (rhagor o gwestiynau ariannol)',
    MobileContract: 'eich contract ffôn symudol',
  },
  verified: {
    name: (evidence) => `Enw wedi'i wirio gan ddefnyddio ${evidence}`,
    birthdate: (evidence) => `Dyddiad geni wedi'i wirio gan ddefnyddio ${evidence}`,
    both: (evidence) => `Enw a dyddiad geni wedi'u gwirio gan ddefnyddio ${evidence}`,
  },
  checked: (evidence) => `Hunaniaeth wedi'i gwirio gan ddefnyddio ${evidence}`,
  on: (description, day) => `${description} ar ${day}`,
  born: (day) => `ganwyd ${day}`,
  notVerified: 'Heb ei gwirio eto.',
  documentNames: { passport: 'Pasbort', driving_permit: 'Trwydded yrru' },
  document: (name, number, issued, expires) =>
    `${name} ${number}, ${issued}, yn dod i ben ${expires}`,
  issued: (issuer) => `wedi'i gyhoeddi gan ${issuer}`,
  issuedOn: (issuer, date) => `wedi'i gyhoeddi gan ${issuer} ar ${date}`,
  consentTitles: {
    email: 'E-bost',
    verifiedIdentity: "Hunaniaeth wedi'i gwirio",
    documentDetails: 'Manylion y ddogfen',
  },
};

export const verificationTexts: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};

/** The checks' names (checkRegistry's labels), by language. */
export const checkNames: Record<Language, Readonly<Record<CheckName, string>>> = {
  en: Object.fromEntries(registry.map(([check, info]) => [check, info.label])) as Record<
    CheckName,
    string
  >,
  cy: checkLabelsWelsh,
};
