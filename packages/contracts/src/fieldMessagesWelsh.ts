import type { FieldMessages } from './fieldRules.js';

/**
 * fieldMessages in Welsh, for the SPA's Welsh catalogue and the server's answers alike. Welsh
 * in the formal register; it awaits review by a native speaker (docs/i18n.md).
 */
export const fieldMessagesWelsh: FieldMessages = {
  required: 'Gofynnol',
  invalid: "Mae'r maes hwn yn annilys",
  invalidEmail: 'E-bost annilys',
  selectPlaceholder: 'Dewiswch...',
  enterPostcode: 'Rhowch eich cod post',
  validPostcode: 'Rhowch god post dilys',
  findAndSelect: 'Dewch o hyd i’ch cyfeiriad a’i ddewis',
  selectAddress: 'Dewiswch eich cyfeiriad',
  realDate: 'Rhowch ddyddiad go iawn',
  dateNotBefore: (title, date) => `Rhaid i'r ${title.toLowerCase()} fod ar neu ar ôl ${date}`,
  dateNotAfter: (title, date) => `Rhaid i'r ${title.toLowerCase()} fod ar neu cyn ${date}`,
  dateNotFuture: (title) => `Rhaid i'r ${title.toLowerCase()} fod heddiw neu yn y gorffennol`,
  dateNotPast: (title) => `Rhaid i'r ${title.toLowerCase()} fod heddiw neu yn y dyfodol`,
  addressTooLong: (max) => `Rhaid i'ch cyfeiriad fod yn ${max} nod neu lai`,
};
