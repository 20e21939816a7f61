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
  second_factors: SecondFactorTable;
  second_factor_challenges: SecondFactorChallengeTable;
  recovery_codes: RecoveryCodeTable;
}
