import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Security-relevant events, kept per user for the account pages. No personal data in them. */
export type AuditEventType =
  | 'signup'
  | 'email_verified'
  | 'login'
  | 'login_failed'
  | 'password_reset'
  | 'password_locked'
  | 'logout'
  | 'identity_shared'
  | 'shared_identity_viewed'
  | 'proof_requested'
  | 'consent_revoked'
  | 'account_delete_failed'
  | 'account_deleted'
  | 'identity_check_passed'
  | 'identity_check_failed'
  | 'identity_check_mismatch'
  | 'identity_check_declined'
  | 'request_cancelled'
  | 'bank_login'
  | 'bank_account_verified'
  | 'bank_account_mismatch'
  | 'social_linked'
  | 'social_unlinked'
  | 'second_factor_added'
  | 'second_factor_removed'
  | 'second_factor_login'
  | 'second_factor_failed'
  | 'recovery_codes_created'
  | 'recovery_code_used'
  | 'pin_registered'
  | 'pin_revoked'
  | 'pin_renewed'
  | 'identity_share_withdrawn'
  | 'bank_login_refused'
  | 'pin_access_approved'
  | 'pin_signing_registered'
  | 'password_change_revoked';

export interface AuditEvent {
  type: AuditEventType;
  clientId: string | null;
  createdAt: number;
}

export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async record(
    userId: string,
    type: AuditEventType,
    clientId: string | null = null,
  ): Promise<void> {
    await this.db
      .insertInto('audit_events')
      .values({
        id: randomUUID(),
        user_id: userId,
        type,
        client_id: clientId,
        created_at: this.now(),
      })
      .execute();
  }

  async forUser(userId: string, limit = 50): Promise<AuditEvent[]> {
    const rows = await this.db
      .selectFrom('audit_events')
      .select(['type', 'client_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      type: row.type as AuditEventType,
      clientId: row.client_id,
      createdAt: row.created_at,
    }));
  }
}
