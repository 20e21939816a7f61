import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';
import type { UkAccount } from './ukAccount.js';

export interface CheckedBankAccount extends UkAccount {
  holderName: string | null;
  source: 'ob' | 'profile';
  provider: string | null;
  nameScore: number;
  modulusValid: boolean;
  createdAt: number;
}

/**
 * Bank accounts checked for a user (holder name, sort code and number encrypted at rest),
 * and the bank identities linked to users for bank login. A bank identity is a keyed hash of
 * the provider and the account, so the table alone reveals no account.
 */
export class BankAccountStore {
  private readonly key: Buffer;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    dataKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(
      hkdfSync('sha256', dataKey, Buffer.alloc(0), 'verity bank identities', 32),
    );
  }

  identityOf(provider: string, account: UkAccount): string {
    return createHmac('sha256', this.key)
      .update(`${provider.toLowerCase()}\n${account.sortCode}\n${account.accountNumber}`)
      .digest('hex');
  }

  async record(userId: string, account: Omit<CheckedBankAccount, 'createdAt'>): Promise<void> {
    const id = randomUUID();
    const { holderName, sortCode, accountNumber } = account;
    await this.db
      .insertInto('bank_accounts')
      .values({
        id,
        user_id: userId,
        source: account.source,
        provider: account.provider,
        data: this.encryption.encrypt(
          JSON.stringify({ holderName, sortCode, accountNumber }),
          `bank_accounts:${id}`,
        ),
        name_score: account.nameScore,
        modulus_valid: account.modulusValid ? 1 : 0,
        created_at: this.now(),
      })
      .execute();
  }

  /** The user's most recently checked account, if any. */
  async latest(userId: string): Promise<CheckedBankAccount | null> {
    const row = await this.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    const data = JSON.parse(this.encryption.decrypt(row.data, `bank_accounts:${row.id}`)) as {
      holderName: string | null;
    } & UkAccount;
    return {
      ...data,
      source: row.source as 'ob' | 'profile',
      provider: row.provider,
      nameScore: row.name_score,
      modulusValid: row.modulus_valid === 1,
      createdAt: Number(row.created_at),
    };
  }

  /** Links the bank identity to the user; an identity already linked to someone stays theirs. */
  async link(identity: string, userId: string, provider: string): Promise<boolean> {
    await this.db
      .insertInto('bank_links')
      .values({ identity_hash: identity, user_id: userId, provider, created_at: this.now() })
      .onConflict((oc) => oc.column('identity_hash').doNothing())
      .execute();
    return (await this.linkedUser(identity)) === userId;
  }

  async linkedUser(identity: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('bank_links')
      .select('user_id')
      .where('identity_hash', '=', identity)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }
}
