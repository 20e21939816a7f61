import { localized } from './language';

/** /about (ours: the spec has no about page text). */
export const aboutCopy = localized('aboutCopy', {
  title: (product: string) => `About ${product}`,
  lead: (product: string, company: string) =>
    `${product} is a sign-in and identity verification service, run by ${company}. Other websites and apps use it to let you sign in and, when they need to, to check who you are.`,
  howTitle: 'How it works',
  how: (product: string) =>
    `When a service you use sends you to ${product}, you sign up or log in here, with a second step such as a code when the service asks for one. If the service needs to know who you are, you choose how to prove it, for example with your passport, driving licence, or bank account. Before anything is shared, ${product} shows you the details the service has asked for, and only sends them once you agree. You then go back to the service.`,
  standardsTitle: 'Built on open standards',
  standards: (product: string) =>
    `Services connect to ${product} through OpenID Connect, the open standard behind many “sign in with” buttons. Services never see your ${product} password: they receive only the details you agreed to share.`,
  moreTitle: 'More information',
} as const);

/** /terms: the terms and conditions (first document, Legal pages; version 1.0). */
export const termsCopy = localized('termsCopy', {
  version: 'Version 1.0, February 2021',
  whoTitle: 'Who we are',
  who: (product: string, company: string) =>
    `The ${product} service is provided by ${company} (“we”, “us”). These terms and conditions apply to your use of the ${product} service. You accept them when you create your ${product} account.`,
  liabilityTitle: 'Our liability',
  liability: (product: string) =>
    `Our total liability to you in connection with the ${product} service is limited to £100.`,
  cancelTitle: 'Your right to cancel',
  cancel:
    'You have a statutory right to cancel within 14 days. The 14-day cancellation period starts on the day after you register.',
  searchesTitle: 'Verification searches',
  searches:
    'When you verify your identity, we carry out searches to check the details you give us. We keep a record of each verification search for 12 months.',
  closingTitle: 'Cancelling your account',
  closing:
    'You can cancel your account at any time, using the manage-account facility or by contacting our helpdesk. After you cancel, your account stays available for a period that we will tell you about when you cancel.',
  endingTitle: 'When we can end your account',
  ending:
    'If you seriously breach these terms and conditions, we may terminate your account without notice.',
  complaintsTitle: 'Complaints',
  complaintsBefore: (product: string) =>
    `If you are unhappy with the ${product} service, please tell us through the `,
  complaintsAfter: ' page. We will:',
  complaintSteps: [
    'acknowledge your complaint within 5 business days;',
    'give you an update after 4 weeks;',
    'in most cases, send you our final response within 8 weeks.',
  ],
  ombudsman:
    'If you are not satisfied with our final response, you can refer your complaint to the Financial Ombudsman Service.',
} as const);

/** /privacy: the privacy policy (first document, Legal pages; version 1.1). */
export const privacyCopy = localized('privacyCopy', {
  version: 'Version 1.1, June 2021',
  intro: (product: string, company: string) =>
    `This policy explains how ${company} (“we”, “us”) uses your personal data when you use the ${product} service.`,
  collectTitle: 'The data we collect',
  collect: [
    'Contact data, such as your name and e-mail address.',
    'Identity verification data: the details you give us to prove who you are, such as those of your passport, driving licence, card or bank account.',
    'Device data about the device and browser you use to reach the service.',
    'Credit data that a credit reference agency holds about you.',
  ],
  keepTitle: 'How long we keep it',
  keep: (product: string) =>
    `We keep your personal data for as long as you use the ${product} service, and for 7 years after your account is closed.`,
  whereTitle: 'Where we keep it',
  where: 'We store your personal data encrypted, in the United Kingdom.',
  agencyTitle: 'Credit reference agency',
  agency:
    'To verify your identity, we use a credit reference agency. It checks the details you give us against the records it holds.',
  shareTitle: 'Who we share it with',
  shareIntro: 'We share personal data with:',
  shareWith: (product: string) => [
    'our suppliers, who help us provide the service;',
    `resellers of the ${product} service;`,
    'fraud prevention agencies;',
    'public bodies.',
  ],
  shareServices: (product: string) =>
    `A service you sign in to with ${product} receives only the details you agree to share with it.`,
  cookiesTitle: 'Cookies',
  cookies: (product: string) =>
    `Cookies are small files that a website stores in your browser. Websites use session cookies, which last until you close your browser; preference cookies, which remember your choices; and analytics cookies, which record how you interact with the site. ${product} itself sets only the cookies needed for signing in and for security.`,
  /** Ours, after the spec's paragraph (issue 21): the language switcher's cookie. */
  languageCookie:
    'If you choose English or Cymraeg with the language switcher, we remember your choice in a cookie called verity_lang for one year. It holds only the language, no personal data, and you can change it at any time.',
  rightsTitle: 'Your rights',
  rightsIntro: 'You have the right to:',
  rights: [
    'access the personal data we hold about you;',
    'have it corrected if it is wrong;',
    'have it erased;',
    'restrict how we use it;',
    'object to how we use it;',
    'receive it in a portable form;',
    'complain to the Information Commissioner’s Office (ICO).',
  ],
  rightsBefore: 'To use these rights, please ',
  rightsLink: 'contact us',
  rightsAfter: '.',
  withdrawTitle: 'Withdrawing your consent',
  withdraw: (product: string) =>
    `You can withdraw your consent at any time by closing your ${product} account.`,
} as const);
