import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../crypto/fieldEncryption.js';
import type { Database } from '../db/schema.js';

export const signingAlgorithms = ['ES256', 'RS256'] as const;
export type SigningAlgorithm = (typeof signingAlgorithms)[number];

/**
 * How long a retired key stays published. Longer than anything it signed can live (id
 * tokens and logout tokens live an hour), so relying parties can still verify them.
 */
export const RETIRED_KEY_PUBLISHED_MS = 24 * 3600 * 1000;

export interface SigningKeyInfo {
  kid: string;
  alg: string;
  createdAt: number;
  retiredAt: number | null;
  status: 'active' | 'retired';
}

/** Signing keys live in the database, private parts encrypted, shared by every instance. */
export class SigningKeyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates a key for each algorithm that has no active one (first start). */
  async ensureKeys(): Promise<void> {
    const active = await this.db
      .selectFrom('signing_keys')
      .select('alg')
      .where('retired_at', 'is', null)
      .execute();
    for (const alg of signingAlgorithms) {
      if (!active.some((row) => row.alg === alg)) await this.generate(alg);
    }
  }

  /** New keys for every algorithm; the previous ones stay published until what they signed has expired. */
  async rotate(): Promise<SigningKeyInfo[]> {
    const now = this.now();
    const created: SigningKeyInfo[] = [];
    for (const alg of signingAlgorithms) created.push(await this.generate(alg));
    await this.db
      .updateTable('signing_keys')
      .set({ retired_at: now })
      .where('retired_at', 'is', null)
      .where(
        'kid',
        'not in',
        created.map((key) => key.kid),
      )
      .execute();
    await this.prune();
    return created;
  }

  async list(): Promise<SigningKeyInfo[]> {
    await this.prune();
    const rows = await this.db
      .selectFrom('signing_keys')
      .select(['kid', 'alg', 'created_at', 'retired_at'])
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      kid: row.kid,
      alg: row.alg,
      createdAt: row.created_at,
      retiredAt: row.retired_at,
      status: row.retired_at === null ? 'active' : 'retired',
    }));
  }

  /** Private JWKs for oidc-provider: newest active first (it signs with the first match). */
  async providerJwks(): Promise<{ keys: JWK[] }> {
    await this.prune();
    const rows = await this.db.selectFrom('signing_keys').selectAll().execute();
    rows.sort(
      (a, b) =>
        Number(a.retired_at !== null) - Number(b.retired_at !== null) ||
        b.created_at - a.created_at,
    );
    return {
      keys: rows.map(
        (row) =>
          JSON.parse(this.encryption.decrypt(row.private_jwk, `signing_keys:${row.kid}`)) as JWK,
      ),
    };
  }

  /** Retired keys past their publication window are deleted, private part and all. */
  private async prune(): Promise<void> {
    await this.db
      .deleteFrom('signing_keys')
      .where('retired_at', 'is not', null)
      .where('retired_at', '<=', this.now() - RETIRED_KEY_PUBLISHED_MS)
      .execute();
  }

  private async generate(alg: SigningAlgorithm): Promise<SigningKeyInfo> {
    const { privateKey } = await generateKeyPair(alg, {
      extractable: true,
      ...(alg === 'RS256' ? { modulusLength: 3072 } : {}),
    });
    const jwk = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(jwk);
    const createdAt = this.now();
    const stored = { ...jwk, kid, alg, use: 'sig' };
    await this.db
      .insertInto('signing_keys')
      .values({
        kid,
        alg,
        private_jwk: this.encryption.encrypt(JSON.stringify(stored), `signing_keys:${kid}`),
        created_at: createdAt,
        retired_at: null,
      })
      .execute();
    return { kid, alg, createdAt, retiredAt: null, status: 'active' };
  }
}
