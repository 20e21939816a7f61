import { createHash, randomBytes } from 'node:crypto';
import type { SocialProvider } from '@verity/contracts';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';
import { FlowRecords } from '../../flows/flowRecords.js';

export const FLOW_TTL_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export type FlowPurpose = 'login' | 'link';

export interface NewFlow {
  provider: SocialProvider;
  purpose: FlowPurpose;
  browserId: string;
  requestId: string | null;
  accountId: string | null;
  /** Terms accepted on /signup before this attempt: only then may it create an account. */
  termsVersion: string | null;
}

export interface SocialFlow extends NewFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const idOf = (state: string) => createHash('sha256').update(state).digest('base64url');
const random = () => randomBytes(32).toString('base64url');

/**
 * A social sign-in in progress, as a persisted record: bound to the browser that started it,
 * valid ten minutes, used once. It is found by the state the provider hands back; only a hash
 * of the state is stored, and the PKCE verifier and nonce are encrypted.
 */
export class SocialFlowStore {
  private readonly flows: FlowRecords<'social_flows'>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number = Date.now,
  ) {
    this.flows = new FlowRecords(db, 'social_flows', null, now);
  }

  async create(flow: NewFlow): Promise<SocialFlow> {
    const created: SocialFlow = {
      ...flow,
      state: random(),
      nonce: random(),
      codeVerifier: random(),
    };
    const id = idOf(created.state);
    const now = this.now();
    await this.db
      .insertInto('social_flows')
      .values({
        id,
        provider: flow.provider,
        purpose: flow.purpose,
        browser_id: flow.browserId,
        request_id: flow.requestId,
        account_id: flow.accountId,
        terms_version: flow.termsVersion,
        secrets: this.encryption.encrypt(
          JSON.stringify({ nonce: created.nonce, codeVerifier: created.codeVerifier }),
          `social_flows.secrets:${id}`,
        ),
        attempts: 0,
        created_at: now,
        expires_at: now + FLOW_TTL_MS,
      })
      .execute();
    return created;
  }

  /**
   * Takes the flow for this state, if it is live, unused, this browser's and this provider's
   * and purpose's. Taking it is one conditional update, so two calls with the same state
   * cannot both succeed.
   */
  async consume(
    state: string,
    browserId: string,
    provider: SocialProvider,
    purpose: FlowPurpose,
  ): Promise<SocialFlow | null> {
    const id = idOf(state);
    const row = await this.flows.consume(
      id,
      { browser_id: browserId, provider, purpose },
      { countAttempt: true },
    );
    if (!row) return null;
    const secrets = JSON.parse(
      this.encryption.decrypt(row.secrets, `social_flows.secrets:${id}`),
    ) as { nonce: string; codeVerifier: string };
    return {
      provider,
      purpose,
      browserId,
      requestId: row.request_id,
      accountId: row.account_id,
      termsVersion: row.terms_version,
      state,
      ...secrets,
    };
  }

  async sweep(): Promise<void> {
    await this.db
      .deleteFrom('social_flows')
      .where('expires_at', '<', this.now() - DAY_MS)
      .execute();
  }
}
