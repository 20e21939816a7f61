import type { DeliveryStatus } from '@verity/contracts';
import type { PhoneKind } from '../../api/secondFactor';

/** The spec's poll interval for SMS and voice statuses. */
export const POLL_INTERVAL_MS = 1000;

const notReached: ReadonlySet<DeliveryStatus> = new Set(['busy', 'failed', 'no-answer']);

/** Busy, failed or no-answer: polling ends and the user may try again (spec, section 4). */
export function didNotReach(status: DeliveryStatus): status is 'busy' | 'failed' | 'no-answer' {
  return notReached.has(status);
}

/** SMS: the code entry shows once delivered. Voice: once answered (in-progress or completed). */
export function showsCodeEntry(kind: PhoneKind, status: DeliveryStatus): boolean {
  return kind === 'sms'
    ? status === 'delivered'
    : status === 'in-progress' || status === 'completed';
}

/** Polling ends on busy, failed or no-answer, and on delivered (SMS) or completed (voice). */
export function pollingEnds(kind: PhoneKind, status: DeliveryStatus): boolean {
  return didNotReach(status) || status === (kind === 'sms' ? 'delivered' : 'completed');
}

/** The Verify button's state: 'Answered...' while the call is still speaking (voice). */
export function verifyLabel(kind: PhoneKind, status: DeliveryStatus): { answered: boolean } {
  return { answered: kind === 'voice' && status === 'in-progress' };
}
