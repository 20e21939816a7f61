import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const DAY_MS = 86_400_000;

/**
 * Deletes contact messages older than the retention period (CONTACT_RETENTION_DAYS). They name
 * no account, so no account rule removes them; support has had the e-mail since they came.
 * Run by the periodic sweep (cli/serve.ts). Answers how many were deleted.
 */
export async function sweepContactMessages(
  db: Kysely<Database>,
  retentionDays: number,
  now = Date.now(),
): Promise<number> {
  const result = await db
    .deleteFrom('contact_messages')
    .where('created_at', '<', now - retentionDays * DAY_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
