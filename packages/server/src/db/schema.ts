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
  evidence: EvidenceTable;
  ob_attempts: ObAttemptTable;
  bank_links: BankLinkTable;
  bank_accounts: BankAccountTable;
}
