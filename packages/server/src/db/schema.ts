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

export interface Database {
  oidc_payloads: OidcPayloadTable;
  signing_keys: SigningKeyTable;
  clients: ClientTable;
  users: UserTable;
  outbox: OutboxTable;
  kv: KvTable;
}
