import { randomUUID } from 'node:crypto';
import type { DeliveryStatus } from '@verity/contracts';
import type { OutboxStore } from '../../features/outbox/store.js';
import type { Language } from '@verity/contracts';
import { smsText, spokenText, type PhoneChannel, type PhoneProvider } from './phoneProvider.js';

type Outcome = 'delivered' | 'answered' | 'busy' | 'failed' | 'no-answer';

/**
 * The sandbox's test numbers (docs/sandbox.md), from Ofcom's drama ranges (07700 900000 to
 * 900999, 01632 960000 to 960999), which are never anybody's real number.
 */
export const sandboxTestNumbers: Record<string, Outcome> = {
  '07700900111': 'failed',
  '01632960111': 'busy',
  '01632960222': 'failed',
  '01632960333': 'no-answer',
};

/** Seconds after sending at which the sandbox's statuses move on. */
const STEP_MS = 1000;

/**
 * The embedded phone provider: messages and calls go to the development outbox (a call's
 * entry is what it would say), and statuses follow the test numbers over a few seconds as a
 * real network's would. The status is worked out from the reference alone, so any instance
 * can answer a poll.
 */
export class SandboxPhoneProvider implements PhoneProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly outbox: OutboxStore,
    private readonly productName: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async send(
    channel: PhoneChannel,
    to: string,
    code: string,
    language: Language = 'en',
  ): Promise<string> {
    const outcome = sandboxTestNumbers[to] ?? (channel === 'sms' ? 'delivered' : 'answered');
    const reached = outcome === 'delivered' || outcome === 'answered';
    await this.outbox.add({
      channel,
      recipient: to,
      subject: null,
      body: reached
        ? channel === 'sms'
          ? smsText(this.productName, code, language)
          : spokenText(this.productName, code, language)
        : `Not ${channel === 'sms' ? 'delivered' : 'answered'}: ${outcome} (sandbox test number)`,
    });
    return `sandbox.${channel}.${outcome}.${this.now()}.${randomUUID()}`;
  }

  async status(channel: PhoneChannel, ref: string): Promise<DeliveryStatus> {
    const [, , outcome, sentAt] = ref.split('.');
    const elapsed = this.now() - Number(sentAt);
    if (!Number.isFinite(elapsed) || elapsed < STEP_MS) return 'initiated';
    if (channel === 'sms') {
      if (elapsed < 2 * STEP_MS) return 'sent';
      return outcome === 'delivered' ? 'delivered' : 'failed';
    }
    if (elapsed < 2 * STEP_MS) return 'ringing';
    if (outcome === 'answered') return elapsed < 4 * STEP_MS ? 'in-progress' : 'completed';
    return outcome as DeliveryStatus;
  }
}
