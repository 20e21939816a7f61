import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. Times are milliseconds since the epoch (bigint in PostgreSQL). */
export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
  consumed_at: number | null;
  /** A rotated refresh token: hashes of what its rotation issued (oidc/refreshRetry.ts). */
  rotated_to: Generated<string | null>;
  /** Retries of a rotated refresh token claimed within the grace (oidc/refreshRetry.ts). */
  retries: Generated<number>;
}

export interface SigningKeyTable {
  kid: string;
  alg: string;
  /** The private JWK, encrypted at rest. */
  private_jwk: string;
  /** One rotation's keys share a generation (unique per algorithm). */
  generation: number;
  created_at: number;
  /** When it starts signing; it is published from created_at (oidc/keyLifecycle.ts). */
  activates_at: number;
}

export interface ClientTable {
  client_id: string;
  /** Encrypted; null for public and private_key_jwt clients. */
  client_secret: string | null;
  /** oidc-provider client metadata (JSON). */
  metadata: string;
  /** Verity's policy for the client (JSON, see features/clients/policy.ts). */
  policy: string;
  created_at: number;
  updated_at: number;
}

export interface UserTable {
  id: string;
  email: string;
  email_verified: number;
  created_at: number;
  updated_at: number;
  /** Set when the account was closed; the row stays as the anchor of kept verification records. */
  closed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'en' or 'cy', from the browser at the last sign-in; for mail outside the owner's request. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OutboxTable {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  /** Encrypted (OutboxStore); '' once a pending mail is given up. */
  body: string;
  created_at: number;
  /** 'outbox': kept for developers (no SMTP); 'pending': queued for the mail worker. */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  /** A worker's claim: until when, and whose (providers/email/mailQueue.ts). */
  lease_until: number | null;
  lease_owner: string | null;
}

export interface KvTable {
  key: string;
  value: string;
  expires_at: number;
}

export interface PasswordCredentialTable {
  user_id: string;
  /** argon2id PHC string. */
  hash: string;
  updated_at: number;
}

export interface TermsAcceptanceTable {
  user_id: string;
  version: string;
  accepted_at: number;
}

export interface EmailCodeTable {
  id: string;
  email: string;
  purpose: string;
  /** The browser that asked for the code; only it can use the code. */
  browser_id: string;
  /** HMAC of the code; the code itself is never stored. */
  code_hash: string;
  /** A password chosen at sign-up, applied only when this code is verified. */
  pending_password_hash: string | null;
  /** The terms version accepted at sign-up, recorded only when this code is verified. */
  pending_terms_version: string | null;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface AuditEventTable {
  id: string;
  user_id: string;
  type: string;
  client_id: string | null;
  created_at: number;
}

export interface ProfileTable {
  user_id: string;
  /** The profile's values as JSON, encrypted at rest. */
  data: string;
  updated_at: number;
}

export interface ConsentTable {
  user_id: string;
  client_id: string;
  /** JSON list of the claims the user agreed this client may receive. */
  claims: string;
  updated_at: number;
  /** JSON of the PIN signature of the last consent given, when it was signed (issue 9). */
  signature: Generated<string | null>;
}

export interface ContactMessageTable {
  id: string;
  /** JSON { email, name, help }, encrypted at rest. */
  message: string;
  created_at: number;
}

export interface IdentityShareTable {
  id: string;
  user_id: string;
  /** 0 to 3, unique per user: the share limit, enforced by the database. */
  slot: number;
  /** The recipient's e-mail, encrypted at rest. */
  recipient: string;
  /** HMAC of the normalised recipient address, so the same address is not shared twice. */
  recipient_hash: string;
  /** SHA-256 of the link's token; the token itself is only in the e-mail. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  opened_at: number | null;
}

export interface EvidenceTable {
  id: string;
  user_id: string;
  /** The check's name as the spec names it (contracts checkNames). */
  check_name: string;
  /** passed, failed, or declined (the user said they cannot do this check). */
  outcome: string;
  /** GPG45-style scores, 0 to 4. */
  strength: number;
  validity: number;
  activity: number;
  fraud: number;
  verification: number;
  provider: string;
  transaction_id: string;
  /** The verified attributes as JSON, encrypted at rest (bound to the evidence id); null if none. */
  attributes: string | null;
  created_at: number;
}

export interface ObAttemptTable {
  /** SHA-256 of the state Verity sent to the bank; the state itself is never stored. */
  id: string;
  browser_id: string;
  user_id: string | null;
  request_id: string | null;
  provider: string;
  /** PKCE code verifier, encrypted at rest. */
  code_verifier: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface BankLinkTable {
  /** HMAC of the provider and the bank account's identity (see features/openBanking). */
  identity_hash: string;
  user_id: string;
  provider: string;
  created_at: number;
}

export interface BankAccountTable {
  id: string;
  user_id: string;
  /** 'ob' (from a bank login) or 'profile' (typed by the user). */
  source: string;
  provider: string | null;
  /** JSON { holderName, sortCode, accountNumber }, encrypted at rest. */
  data: string;
  /** Holder-name match score, 0 to 100. */
  name_score: number;
  modulus_valid: number;
  created_at: number;
}

export interface SocialIdentityTable {
  id: string;
  user_id: string;
  /** 'google', 'microsoft' or 'facebook'. */
  provider: string;
  /** HMAC of the provider's subject (its stable user id): looked up, never read back. */
  subject_hash: string;
  /** The e-mail the provider gave, encrypted at rest; shown on the sign-in methods page. */
  email: string | null;
  created_at: number;
  last_used_at: number | null;
}
export interface SecondFactorTable {
  id: string;
  user_id: string;
  /** Sms, Voice, Authenticator or WebAuthn. */
  method: string;
  /** Encrypted: a masked number, 'Authenticator app', or a key's chosen name. */
  display_name: string;
  /** Encrypted: the phone number, or the authenticator's TOTP secret. */
  secret: string | null;
  /** A security key's credential id (base64url). */
  credential_id: string | null;
  /** A security key's COSE public key (base64url). */
  public_key: string | null;
  /** A security key's signature counter. */
  counter: number;
  /** The last TOTP time step accepted, so a code is accepted once. */
  last_used_step: number | null;
  created_at: number;
  last_used_at: number | null;
}
export interface PinRegistrationTable {
  id: string;
  user_id: string;
  client_id: string;
  /** SHA-256 of the activation token (actToken). */
  act_token_hash: string;
  attempts: number;
  expires_at: number;
  /** Set when the registration is used (FlowRecords.consume); swept after expiry. */
  consumed_at: number | null;
  created_at: number;
}

export interface PinIdentityTable {
  id: string;
  mpin_id: string;
  mpin_id_hash: string;
  user_id: string;
  client_id: string;
  device_name: string;
  /** Pa = w·Q, the user's own public key (key-escrow-less M-Pin). */
  public_key: string | null;
  /** s₁·Pa and s₂·Pa from the authorities, encrypted, until both are in; then cleared. */
  key_share_1: string | null;
  key_share_2: string | null;
  /** K = s·Pa, encrypted: with a token it allows an offline PIN search, so never in clear. */
  server_key: string | null;
  state: 'registering' | 'active' | 'revoked';
  failed_attempts: number;
  reg_ott_hash: string | null;
  cs2_token_hash: string | null;
  reg_expires_at: number;
  created_at: number;
  last_used_at: number | null;
  /** 'login', or 'signing' (a signing identity, registered after a login by parent_id). */
  kind: Generated<'login' | 'signing'>;
  parent_id: Generated<string | null>;
  /** When the current secret was issued; null: created_at. Older than the renewal date: renew. */
  secret_issued_at: Generated<number | null>;
  /** A renewal's new Pa, until the second authority's share makes it the identity's. */
  pending_public_key: Generated<string | null>;
  /** A renewal's new mpin_id (fresh for the authorities), until it replaces mpin_id. */
  pending_mpin_id: Generated<string | null>;
  /**
   * The amr (JSON array) and acr of the login that enrolled this identity; a PIN login is
   * worth no more (features/pin/strength.ts). Null: enrolled before it was recorded (aal1).
   */
  enrolled_amr: Generated<string | null>;
  enrolled_acr: Generated<string | null>;
}

export interface PinDvsTokenTable {
  /** SHA-256 of the dvsRegisterToken. */
  token_hash: string;
  /** The login identity whose login issued it. */
  identity_id: string;
  browser_id: string;
  expires_at: number;
}

export interface SocialFlowTable {
  /** SHA-256 of the state sent to the provider; the state itself is not stored. */
  id: string;
  provider: string;
  /** 'login', or 'link' from the account's sign-in methods page. */
  purpose: string;
  /** The browser that started it; only it can finish it. */
  browser_id: string;
  request_id: string | null;
  /** For 'link': the signed-in account the identity is linked to. */
  account_id: string | null;
  /** The terms accepted on /signup before the attempt; a new account records them. */
  terms_version: string | null;
  /** JSON { codeVerifier, nonce }, encrypted at rest. */
  secrets: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}
export interface SecondFactorChallengeTable {
  id: string;
  user_id: string;
  /** The browser that started it; only it can complete it. */
  browser_id: string;
  method: string;
  /** setup or login. */
  purpose: string;
  /** Encrypted JSON: what completing it needs (a secret being set up, a number, a WebAuthn challenge). */
  payload: string;
  /** HMAC of a code sent by SMS or voice; the code itself is never stored. */
  code_hash: string | null;
  /** The delivery status (initiated, delivered, busy...) or 'pending'. */
  status: string;
  /** The phone provider's message or call id. */
  provider_ref: string | null;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface RecoveryCodeTable {
  id: string;
  user_id: string;
  /** HMAC of the code. */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}
/** One row per user holding recovery codes (migration 0017): makes issuing a first set atomic. */
export interface RecoveryCodeSetTable {
  user_id: string;
  created_at: number;
}
export interface PinChallengeTable {
  identity_id: string;
  u: string;
  y: string;
  expires_at: number;
}

export interface PinAuthTokenTable {
  token_hash: string;
  identity_id: string;
  browser_id: string;
  expires_at: number;
}

/** A cross-device PIN login's access session (features/pin/accessSessions.ts). */
export interface PinAccessSessionTable {
  id: string;
  access_id_hash: string;
  access_number: string;
  web_ott_hash: string;
  browser_id: string;
  client_id: string;
  device_name: string;
  /** SHA-256 of the waiting browser's address: compared, never shown. */
  address_hash: string;
  /** pushauth: only this user's identities may see and approve it. */
  target_user_id: string | null;
  status: string;
  identity_id: string | null;
  user_id: string | null;
  /** 1 when the approving device also allowed this browser to register its own PIN. */
  register: number;
  /** 1 when the approving login proved two factors: the waiting browser's login is aal2. */
  two_factors: Generated<number>;
  expires_at: number;
  created_at: number;
}

/** The photos of a photo check (features/photoId/photoImageStore.ts). */
/** A photo check a vendor answers later (migration 0030): a flow record. */
export interface PhotoVendorCheckTable {
  id: string;
  user_id: string;
  request_uid: string;
  purpose: 'document' | 'documentForSelfie' | 'selfie';
  check_name: string;
  document_kind: 'passport' | 'drivingLicence' | 'selfie';
  vendor_check_id: string;
  held_id: string | null;
  held_check: string | null;
  /** The photo sent, encrypted at rest (bound to the row). */
  image: string;
  /** The vendor's reports as fetched (JSON), encrypted at rest; null while the check runs. */
  result: string | null;
  completed_at: number | null;
  /** The settled answer (JSON), for the polls after the one that settled. */
  settled: string | null;
  attempts: number;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

export interface PhotoImageTable {
  id: string;
  user_id: string;
  check_name: string;
  kind: 'document' | 'selfie';
  /** The metadata-free image, encrypted at rest (bound to the id). */
  image: string;
  /** Until when a document's photo waits for its selfie; null once its check has completed. */
  held_until: number | null;
  /** Until when a selfie is being compared with this held photo (single-use); null when free. */
  claimed_until: number | null;
  /** The sign-in request (interaction uid) a held photo serves; null for a completed check's. */
  request_uid: string | null;
  expires_at: number;
  created_at: number;
}

export interface Database {
  oidc_payloads: OidcPayloadTable;
  signing_keys: SigningKeyTable;
  clients: ClientTable;
  users: UserTable;
  outbox: OutboxTable;
  kv: KvTable;
  password_credentials: PasswordCredentialTable;
  terms_acceptances: TermsAcceptanceTable;
  email_codes: EmailCodeTable;
  audit_events: AuditEventTable;
  profiles: ProfileTable;
  consents: ConsentTable;
  contact_messages: ContactMessageTable;
  identity_shares: IdentityShareTable;
  evidence: EvidenceTable;
  ob_attempts: ObAttemptTable;
  bank_links: BankLinkTable;
  bank_accounts: BankAccountTable;
  social_identities: SocialIdentityTable;
  social_flows: SocialFlowTable;
  second_factors: SecondFactorTable;
  second_factor_challenges: SecondFactorChallengeTable;
  recovery_codes: RecoveryCodeTable;
  recovery_code_sets: RecoveryCodeSetTable;
  pin_registrations: PinRegistrationTable;
  pin_identities: PinIdentityTable;
  pin_challenges: PinChallengeTable;
  pin_auth_tokens: PinAuthTokenTable;
  pin_dvs_tokens: PinDvsTokenTable;
  pin_access_sessions: PinAccessSessionTable;
  photo_images: PhotoImageTable;
  photo_vendor_checks: PhotoVendorCheckTable;
}
