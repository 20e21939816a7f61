import type * as account from './account';
import type * as accounts from './accounts';
import type * as checks from './checks';
import type * as common from './common';
import type * as contact from './contact';
import type * as forms from './forms';
import type * as legal from './legal';
import type * as navigation from './navigation';
import type * as openBanking from './openBanking';
import type * as pin from './pin';
import type * as pinAccess from './pinAccess';
import type * as profile from './profile';
import type * as secondFactor from './secondFactor';
import type * as social from './social';
import type { Translation } from './translation';

/**
 * Every section of the catalogue, named as its English module exports it. A language other
 * than English is one value of this type (copy/cy), so the compiler finds a missing key.
 */
export interface Catalogue {
  shareCopy: Translation<typeof account.shareCopy>;
  sharedCopy: Translation<typeof account.sharedCopy>;
  requestProofCopy: Translation<typeof account.requestProofCopy>;
  consentsCopy: Translation<typeof account.consentsCopy>;
  deleteCopy: Translation<typeof account.deleteCopy>;
  reloginCopy: Translation<typeof account.reloginCopy>;
  accountsCopy: Translation<typeof accounts.accountsCopy>;
  checksCopy: Translation<typeof checks.checksCopy>;
  checkLabels: Translation<typeof checks.checkLabels>;
  documentRuleMessages: Translation<typeof checks.documentRuleMessages>;
  licenceRuleMessages: Translation<typeof checks.licenceRuleMessages>;
  cardRuleMessages: Translation<typeof checks.cardRuleMessages>;
  copy: Translation<typeof common.copy>;
  localErrorCopy: Translation<typeof common.localErrorCopy>;
  contactCopy: Translation<typeof contact.contactCopy>;
  formsCopy: Translation<typeof forms.formsCopy>;
  fieldMessages: Translation<typeof forms.fieldMessages>;
  aboutCopy: Translation<typeof legal.aboutCopy>;
  termsCopy: Translation<typeof legal.termsCopy>;
  privacyCopy: Translation<typeof legal.privacyCopy>;
  navigationCopy: Translation<typeof navigation.navigationCopy>;
  homeCopy: Translation<typeof navigation.homeCopy>;
  screensCopy: Translation<typeof navigation.screensCopy>;
  openBankingCopy: Translation<typeof openBanking.openBankingCopy>;
  bankSelectionMessages: Translation<typeof openBanking.bankSelectionMessages>;
  pinCopy: Translation<typeof pin.pinCopy>;
  pinAccessCopy: Translation<typeof pinAccess.pinAccessCopy>;
  profileCopy: Translation<typeof profile.profileCopy>;
  secondFactorCopy: Translation<typeof secondFactor.secondFactorCopy>;
  socialCopy: Translation<typeof social.socialCopy>;
}
