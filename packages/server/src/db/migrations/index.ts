import type { Migration } from 'kysely';
import * as platform from './0001_platform.js';
import * as accounts from './0002_accounts.js';
import * as profiles from './0003_profiles.js';
import * as contact from './0004_contact.js';
import * as account from './0007_account.js';
import * as evidence from './0006_evidence.js';
import * as bank from './0010_bank.js';
import * as social from './0009_social.js';
import * as secondFactor from './0005_second_factor.js';
import * as pin from './0008_pin.js';
import * as secondFactorUnique from './0012_second_factor_unique.js';
import * as pinSigning from './0013_pin_signing.js';
import * as recoveryCodeSets from './0017_recovery_code_sets.js';
import * as pinRenewalId from './0018_pin_renewal_id.js';
import * as pinAccess from './0014_pin_access.js';
import * as contactRetention from './0019_contact_retention.js';
import * as pinEnrolmentStrength from './0020_pin_enrolment_strength.js';
import * as pinRegistrationFlow from './0021_pin_registration_flow.js';
import * as stagedSigningKeys from './0025_staged_signing_keys.js';

import * as mailQueueRefreshRetry from './0026_mail_queue_refresh_retry.js';
import * as pinChallengePoint from './0027_pin_challenge_point.js';
import * as photoImages from './0028_photo_images.js';
import * as photoImageClaims from './0029_photo_image_claims.js';
import * as photoVendorChecks from './0030_photo_vendor_checks.js';
import * as userLanguage from './0031_user_language.js';
import * as oidcSparseIndexes from './0032_oidc_sparse_indexes.js';

/** Every migration, in order. Names are stored in the database: never rename one. */
export const migrations: Record<string, Migration> = {
  '0001_platform': platform,
  '0002_accounts': accounts,
  '0003_profiles': profiles,
  '0004_contact': contact,
  '0007_account': account,
  '0006_evidence': evidence,
  '0010_bank': bank,
  '0009_social': social,
  '0005_second_factor': secondFactor,
  '0008_pin': pin,
  '0012_second_factor_unique': secondFactorUnique,
  '0013_pin_signing': pinSigning,
  '0017_recovery_code_sets': recoveryCodeSets,
  '0018_pin_renewal_id': pinRenewalId,
  '0014_pin_access': pinAccess,
  '0019_contact_retention': contactRetention,
  '0020_pin_enrolment_strength': pinEnrolmentStrength,
  '0021_pin_registration_flow': pinRegistrationFlow,
  '0025_staged_signing_keys': stagedSigningKeys,

  '0026_mail_queue_refresh_retry': mailQueueRefreshRetry,
  '0027_pin_challenge_point': pinChallengePoint,
  '0028_photo_images': photoImages,
  '0029_photo_image_claims': photoImageClaims,
  '0030_photo_vendor_checks': photoVendorChecks,
  '0031_user_language': userLanguage,
  '0032_oidc_sparse_indexes': oidcSparseIndexes,
};
