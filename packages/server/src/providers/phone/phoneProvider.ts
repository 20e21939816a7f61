import type { DeliveryStatus, Language } from '@verity/contracts';
import { codeMessages } from '../../messages/codeMessages.js';

export type PhoneChannel = 'sms' | 'voice';

/**
 * Sends a second-factor code by SMS or by a call that speaks it, and reports the delivery
 * status. Numbers are UK national numbers (07700900123, 01632960123).
 */
export interface PhoneProvider {
  readonly name: string;
  /** Sends the code, worded in `language`; returns the provider's id of the message or call. */
  send(channel: PhoneChannel, to: string, code: string, language?: Language): Promise<string>;
  status(channel: PhoneChannel, ref: string): Promise<DeliveryStatus>;
}

export class PhoneProviderError extends Error {}

/** A UK national number in E.164 form (07700900123 to +447700900123). */
export function toE164(national: string): string {
  return `+44${national.replace(/^0/, '')}`;
}

export function smsText(product: string, code: string, language: Language = 'en'): string {
  return codeMessages[language].sms(product, code);
}

/** What the call says: each digit on its own, twice. */
export function spokenText(product: string, code: string, language: Language = 'en'): string {
  return codeMessages[language].spoken(product, code.split('').join(', '));
}

/** A raw provider status as the spec's statuses (undelivered and canceled count as failed). */
export function normaliseStatus(channel: PhoneChannel, raw: string): DeliveryStatus {
  switch (raw) {
    case 'queued':
    case 'sending':
    case 'sent':
    case 'delivered':
    case 'busy':
    case 'failed':
    case 'no-answer':
    case 'ringing':
    case 'in-progress':
    case 'completed':
    case 'initiated':
      return raw;
    case 'accepted':
    case 'scheduled':
      return 'queued';
    case 'undelivered':
    case 'canceled':
      return 'failed';
    default:
      return channel === 'sms' ? 'sending' : 'initiated';
  }
}
