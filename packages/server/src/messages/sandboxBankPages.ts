import type { Language, Translation } from '@verity/contracts';

/** The texts of the sandbox bank's pages (features/sandboxBank/pages.ts). */
const english = {
  banner:
    'This is a test bank built into Verity for development. No real bank is involved and no real money or data is shown.',
  bannerTitle: 'Sandbox bank.',
  loginTitle: 'Sandbox Bank: log in',
  customerName: 'Customer name',
  password: 'Password',
  logIn: 'Log in',
  testCustomers: (customers: string, password: string) =>
    `Test customers: ${customers}. The password is ${password}. What each one does is in docs/sandbox.md.`,
  consentTitle: 'Sandbox Bank: share your details',
  consentQuestion: (product: string) => `Share your account details with ${product}?`,
  consentAsks: (product: string) => `${product} is asking to see, once:`,
  consentItems: ['the account holder name', 'the sort code', 'the account number'],
  consentNot: 'It will not see your balance or transactions.',
  allow: 'Allow',
  cancel: 'Cancel',
  errorTitle: 'Sandbox Bank: error',
  errorHeading: 'Sandbox Bank: something is wrong',
  returningTitle: 'Sandbox Bank: returning',
  returning: 'Returning you to the service',
  closeWindow: 'You can close this window if nothing happens.',
  badRequest: 'The request to the bank is not valid.',
  unknownClient: 'This service is not registered with the bank.',
  expired: 'This login has expired. Please start again.',
  wrongLogin: 'The customer name or password is not right.',
} as const;

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  banner:
    "Banc prawf yw hwn sydd wedi'i adeiladu i mewn i Verity ar gyfer datblygu. Nid oes banc go iawn yn rhan o hyn ac ni ddangosir unrhyw arian na data go iawn.",
  bannerTitle: 'Banc blwch tywod.',
  loginTitle: 'Banc Blwch Tywod: mewngofnodi',
  customerName: "Enw'r cwsmer",
  password: 'Cyfrinair',
  logIn: 'Mewngofnodi',
  testCustomers: (customers, password) =>
    `Cwsmeriaid prawf: ${customers}. Y cyfrinair yw ${password}. Mae'r hyn y mae pob un yn ei wneud yn docs/sandbox.md.`,
  consentTitle: 'Banc Blwch Tywod: rhannu eich manylion',
  consentQuestion: (product) => `Rhannu manylion eich cyfrif â ${product}?`,
  consentAsks: (product) => `Mae ${product} yn gofyn am gael gweld, unwaith:`,
  consentItems: ['enw deiliad y cyfrif', 'y cod didoli', 'rhif y cyfrif'],
  consentNot: "Ni fydd yn gweld eich balans na'ch trafodion.",
  allow: 'Caniatáu',
  cancel: 'Canslo',
  errorTitle: 'Banc Blwch Tywod: gwall',
  errorHeading: "Banc Blwch Tywod: mae rhywbeth o'i le",
  returningTitle: 'Banc Blwch Tywod: yn dychwelyd',
  returning: "Yn mynd â chi yn ôl i'r gwasanaeth",
  closeWindow: "Gallwch gau'r ffenestr hon os na fydd dim yn digwydd.",
  badRequest: "Nid yw'r cais i'r banc yn ddilys.",
  unknownClient: "Nid yw'r gwasanaeth hwn wedi'i gofrestru gyda'r banc.",
  expired: "Mae'r mewngofnodi hwn wedi dod i ben. Dechreuwch eto.",
  wrongLogin: "Mae enw'r cwsmer neu'r cyfrinair yn anghywir.",
};

export const sandboxBankPages: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};
