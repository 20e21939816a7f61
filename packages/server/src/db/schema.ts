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
}

export interface SigningKeyTable {
  kid: string;
  alg: string;
  /** The private JWK, encrypted at rest. */
  private_jwk: string;
  created_at: number;
  retired_at: number | null;
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
}

export interface OutboxTable {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  created_at: number;
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
}

export interface ContactMessageTable {
  id: string;
  /** JSON { email, name, help }, encrypted at rest. */
  message: string;
  created_at: number;
}

export interface PinRegistrationTable {
  id: string;
  user_id: string;
  client_id: string;
  /** SHA-256 of the activation token (actToken). */
  act_token_hash: string;
  attempts: number;
  expires_at: number;
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
  pin_registrations: PinRegistrationTable;
  pin_identities: PinIdentityTable;
  pin_challenges: PinChallengeTable;
  pin_auth_tokens: PinAuthTokenTable;
}
