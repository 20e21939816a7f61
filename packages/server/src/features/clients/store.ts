import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdapterPayload } from 'oidc-provider';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';
import { clientInputSchema, type ClientInput, type ValidClientInput } from './input.js';
import { clientPolicySchema, type ClientPolicy } from './policy.js';
import { CLIENT_POLICY_METADATA } from '../../oidc/clientPolicyMetadata.js';
import { REFRESH_TOKEN_LIFETIME_METADATA } from '../../oidc/refreshTokenLifetime.js';

export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'private_key_jwt';

export interface ClientMetadata {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  logo_uri?: string;
  jwks_uri?: string;
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: TokenEndpointAuthMethod;
}

export interface Client {
  clientId: string;
  metadata: ClientMetadata;
  policy: ClientPolicy;
  createdAt: number;
  updatedAt: number;
}

export interface CreatedClient extends Client {
  /** Shown once, at creation; stored only encrypted. */
  clientSecret: string | null;
}

export class ClientNotFoundError extends Error {
  constructor(clientId: string) {
    super(`No client ${clientId}`);
  }
}

function metadataFrom(clientId: string, input: ValidClientInput): ClientMetadata {
  const method: TokenEndpointAuthMethod = input.public
    ? 'none'
    : input.jwksUri
      ? 'private_key_jwt'
      : 'client_secret_basic';
  return {
    client_id: clientId,
    client_name: input.name,
    redirect_uris: input.redirectUris,
    post_logout_redirect_uris: input.postLogoutRedirectUris,
    ...(input.logoUri ? { logo_uri: input.logoUri } : {}),
    ...(input.jwksUri ? { jwks_uri: input.jwksUri } : {}),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: method,
  };
}

function policyFrom(input: ValidClientInput): ClientPolicy {
  return clientPolicySchema.parse(input);
}

/** Input as it was given, recovered from a stored client (for updates). */
function inputFrom(client: Client): ClientInput {
  return {
    name: client.metadata.client_name,
    redirectUris: client.metadata.redirect_uris,
    postLogoutRedirectUris: client.metadata.post_logout_redirect_uris,
    logoUri: client.metadata.logo_uri,
    jwksUri: client.metadata.jwks_uri,
    public: client.metadata.token_endpoint_auth_method === 'none',
    ...client.policy,
  };
}

/** A client as read from its row, secret decrypted; kept for CLIENT_CACHE_SECONDS. */
interface ClientRecord {
  client: Client;
  secret: string | null;
  readAt: number;
  /** What providerMetadata answers for this record, made once (frozen: shared by every call). */
  providerMetadata?: AdapterPayload;
}

/** Freezes an object and everything in it (plain data: objects, arrays, scalars). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The registered relying parties: their protocol metadata and Verity's policy for them.
 *
 * The token endpoint reads its client on every call; with `cacheMs` a client read is kept that
 * long (CLIENT_CACHE_SECONDS), so a busy client costs no statement, no JSON and schema parsing
 * and no decryption per call. A change made through this store is seen at once; one made by
 * another process (`verity clients update` or `remove`, another instance) when the kept copy
 * expires. A client not found is never kept: a new client works at once everywhere.
 */
export class ClientStore {
  private readonly cache = new Map<string, ClientRecord>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number = Date.now,
    private readonly cacheMs = 0,
  ) {}

  /** The client's record, from the cache while it is fresh, else from the database. */
  private async record(clientId: string): Promise<ClientRecord | undefined> {
    const cached = this.cache.get(clientId);
    if (cached && this.now() - cached.readAt < this.cacheMs) return cached;
    const row = await this.db
      .selectFrom('clients')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) {
      this.cache.delete(clientId);
      return undefined;
    }
    const record: ClientRecord = {
      client: {
        clientId: row.client_id,
        metadata: JSON.parse(row.metadata) as ClientMetadata,
        policy: clientPolicySchema.parse(JSON.parse(row.policy)),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      },
      secret: row.client_secret
        ? this.encryption.decrypt(row.client_secret, `clients.secret:${clientId}`)
        : null,
      readAt: this.now(),
    };
    if (this.cacheMs > 0) this.cache.set(clientId, record);
    return record;
  }

  async create(raw: ClientInput): Promise<CreatedClient> {
    const input = clientInputSchema.parse(raw);
    // Hex, not base64url: an id starting with '-' reads as an option to the CLI's commands.
    const clientId = randomBytes(16).toString('hex');
    const metadata = metadataFrom(clientId, input);
    const clientSecret =
      metadata.token_endpoint_auth_method === 'client_secret_basic'
        ? randomBytes(32).toString('base64url')
        : null;
    const now = this.now();
    const policy = policyFrom(input);
    await this.db
      .insertInto('clients')
      .values({
        client_id: clientId,
        client_secret: clientSecret
          ? this.encryption.encrypt(clientSecret, `clients.secret:${clientId}`)
          : null,
        metadata: JSON.stringify(metadata),
        policy: JSON.stringify(policy),
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { clientId, metadata, policy, createdAt: now, updatedAt: now, clientSecret };
  }

  async update(clientId: string, changes: Partial<ClientInput>): Promise<Client> {
    const current = await this.get(clientId);
    const stored = inputFrom(current);
    // The logo is validated when it is set: one stored before today's rules stays as it is
    // (not shown, `shownLogo`) while other settings change.
    const keptLogo = 'logoUri' in changes ? undefined : stored.logoUri;
    const input = clientInputSchema.parse({ ...stored, logoUri: undefined, ...changes });
    const metadata = metadataFrom(clientId, input);
    if (keptLogo !== undefined) metadata.logo_uri = keptLogo;
    if (metadata.token_endpoint_auth_method !== current.metadata.token_endpoint_auth_method) {
      throw new Error(
        'the client type (public, secret, private_key_jwt) cannot change; add a new client instead',
      );
    }
    const policy = policyFrom(input);
    const now = this.now();
    await this.db
      .updateTable('clients')
      .set({ metadata: JSON.stringify(metadata), policy: JSON.stringify(policy), updated_at: now })
      .where('client_id', '=', clientId)
      .execute();
    this.cache.delete(clientId);
    return { ...current, metadata, policy, updatedAt: now };
  }

  async get(clientId: string): Promise<Client> {
    const client = await this.find(clientId);
    if (!client) throw new ClientNotFoundError(clientId);
    return client;
  }

  async find(clientId: string): Promise<Client | undefined> {
    const record = await this.record(clientId);
    return record && structuredClone(record.client);
  }

  async list(): Promise<Client[]> {
    const rows = await this.db
      .selectFrom('clients')
      .select('client_id')
      .orderBy('created_at')
      .execute();
    const clients = await Promise.all(rows.map((row) => this.find(row.client_id)));
    return clients.filter((client): client is Client => client !== undefined);
  }

  async remove(clientId: string): Promise<void> {
    const result = await this.db
      .deleteFrom('clients')
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    this.cache.delete(clientId);
    if (Number(result.numDeletedRows) === 0) throw new ClientNotFoundError(clientId);
  }

  /**
   * What oidc-provider needs to know about a client, with the secret decrypted. Made once per
   * record read (the token endpoint asks on every call) and frozen, so no caller can change
   * what the next one gets: oidc-provider only reads it (hashes it, and builds its Client
   * from its fields when the hash is new).
   */
  async providerMetadata(clientId: string): Promise<AdapterPayload | undefined> {
    const record = await this.record(clientId);
    if (!record) return undefined;
    record.providerMetadata ??= deepFreeze({
      ...structuredClone(record.client.metadata),
      // Read by the provider's refresh token lifetime (oidc/refreshTokenLifetime.ts).
      [REFRESH_TOKEN_LIFETIME_METADATA]: record.client.policy.refreshTokenLifetime,
      // Read by the login prompt's checks (oidc/provider.ts) without a read of their own.
      [CLIENT_POLICY_METADATA]: structuredClone(record.client.policy),
      ...(record.secret ? { client_secret: record.secret } : {}),
    } as AdapterPayload);
    return record.providerMetadata;
  }
}
