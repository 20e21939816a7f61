import type { Catalogue } from '../catalogue';
import * as account from './account';
import * as accounts from './accounts';
import * as checks from './checks';
import * as common from './common';
import * as contact from './contact';
import * as forms from './forms';
import * as legal from './legal';
import * as navigation from './navigation';
import * as openBanking from './openBanking';
import * as pin from './pin';
import * as pinAccess from './pinAccess';
import * as profile from './profile';
import * as secondFactor from './secondFactor';
import * as social from './social';

/**
 * The Welsh catalogue (Cymraeg), loaded on its own when Welsh is chosen (copy/language.ts).
 * Formal register, as GOV.UK's Welsh services write; it awaits review by a native speaker
 * (docs/i18n.md).
 */
export const welsh: Catalogue = {
  ...account,
  ...accounts,
  ...checks,
  ...common,
  ...contact,
  ...forms,
  ...legal,
  ...navigation,
  ...openBanking,
  ...pin,
  ...pinAccess,
  ...profile,
  ...secondFactor,
  ...social,
};
