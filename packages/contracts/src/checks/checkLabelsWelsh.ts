import type { CheckName } from '../checks.js';

/**
 * The checks' labels (checkRegistry's `label`) in Welsh, for the SPA's Welsh catalogue and the
 * server's messages alike. Welsh in the formal register; it awaits review by a native speaker.
 */
export const checkLabelsWelsh: Readonly<Record<CheckName, string>> = {
  GenuinePassport: 'Llun pasbort',
  GenuineDrivingLicence: 'Llun trwydded yrru',
  Passport: 'Pasbort',
  DrivingLicence: 'Trwydded yrru',
  OB: 'Mewngofnodi banc',
  Bank: 'Banc',
  CurrentAccount: 'Cyfrif banc',
  CreditCard: 'Cerdyn credyd',
  DebitCard: 'Cerdyn debyd',
  SelfieComparison: 'Hunlun',
  KBVL1: 'Cwestiynau ariannol',
  KBVL2: 'Cwestiynau ariannol',
  MobileContract: 'Contract ffôn symudol',
};
