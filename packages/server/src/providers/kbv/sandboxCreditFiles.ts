import type { KbvPerson, KbvSubject } from './creditReference.js';

/** One sandbox credit file (docs/sandbox.md lists them with the right answers). */
export interface CreditFile {
  /** The subject, and the postcode of the address on the file (their driving licence's). */
  person: KbvSubject;
  creditCardLender: string;
  currentAccountBank: string;
  mortgage: { lender: string; startYear: number; monthlyPayment: number } | null;
  previousAddress: string;
}

export const sandboxCreditFiles: readonly CreditFile[] = [
  {
    person: { given: 'ANNA', surname: 'SMITH', dob: '1985-02-17', postcode: 'CR2 6XH' },
    creditCardLender: 'Halifax',
    currentAccountBank: 'Santander',
    mortgage: { lender: 'Nationwide', startYear: 2014, monthlyPayment: 870 },
    previousAddress: '14 Selsdon Road, South Croydon',
  },
  {
    person: { given: 'ADA', surname: 'LOVELACE', dob: '1985-12-10', postcode: 'SW1A 1AA' },
    creditCardLender: 'MBNA',
    currentAccountBank: 'NatWest',
    mortgage: { lender: 'Yorkshire Building Society', startYear: 2016, monthlyPayment: 1150 },
    previousAddress: '1 St Martins Le Grand, London',
  },
  {
    person: { given: 'SIOBHAN', surname: "O'BRIEN", dob: '1990-06-21', postcode: 'B33 8TH' },
    creditCardLender: 'Barclaycard',
    currentAccountBank: 'Lloyds Bank',
    mortgage: { lender: 'Coventry Building Society', startYear: 2019, monthlyPayment: 1240 },
    previousAddress: '3 Yardley Green Road, Stechford, Birmingham',
  },
  {
    person: { given: 'JAMES', surname: 'TAYLOR', dob: '1979-09-30', postcode: 'M1 1AE' },
    creditCardLender: 'American Express',
    currentAccountBank: 'Monzo',
    mortgage: null,
    previousAddress: '2 Piccadilly Gardens, Manchester',
  },
];

/**
 * People the sandbox knows too little about to ask questions (a thin credit file):
 * kbvInsufficientQuestions.
 */
export const sandboxThinFiles: readonly KbvPerson[] = [
  { given: 'DAVID MICHAEL', surname: 'JONES', dob: '1972-11-03' },
];

export const lenders = [
  'Halifax',
  'Barclaycard',
  'American Express',
  'MBNA',
  'Capital One',
  'Tesco Bank',
];
export const banks = ['Santander', 'Lloyds Bank', 'Monzo', 'NatWest', 'HSBC', 'Nationwide'];
export const mortgageLenders = [
  'Nationwide',
  'Coventry Building Society',
  'Yorkshire Building Society',
  'Skipton Building Society',
];
export const addresses = [
  '14 Selsdon Road, South Croydon',
  '3 Yardley Green Road, Stechford, Birmingham',
  '2 Piccadilly Gardens, Manchester',
  '1 St Martins Le Grand, London',
  'Royal Mail Test Centre, Wheatley Hall Road, Doncaster',
];
