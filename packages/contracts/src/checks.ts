/** The identity checks a client can require (spec: check names). */
export const checkNames = [
  'GenuinePassport',
  'GenuineDrivingLicence',
  'Passport',
  'DrivingLicence',
  'OB',
  'Bank',
  'CurrentAccount',
  'CreditCard',
  'DebitCard',
  'SelfieComparison',
  'KBVL1',
  'KBVL2',
  'MobileContract',
] as const;

export type CheckName = (typeof checkNames)[number];

export function isCheckName(value: string): value is CheckName {
  return (checkNames as readonly string[]).includes(value);
}
