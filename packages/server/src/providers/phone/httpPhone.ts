import type { DeliveryStatus, Language } from '@verity/contracts';
import { z } from 'zod';
import {
  normaliseStatus,
  PhoneProviderError,
  smsText,
  spokenText,
  toE164,
  type PhoneChannel,
  type PhoneProvider,
} from './phoneProvider.js';
import { inClientSpan, providerSpan } from '../../tracing/tracing.js';

const TIMEOUT_MS = 10_000;
const answerSchema = z.object({
  sid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  status: z.string(),
});

export interface HttpPhoneSettings {
  /** The API's base address, e.g. https://api.twilio.com */
  url: string;
  account: string;
  token: string;
  /** The sending number or sender id. */
  from: string;
  productName: string;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A Twilio-style REST API: POST {url}/2010-04-01/Accounts/{account}/Messages.json (To, From,
 * Body) for an SMS and /Calls.json (To, From, Twiml that says the code) for a call, form
 * encoded with HTTP Basic authentication; GET /Messages/{sid}.json or /Calls/{sid}.json for the
 * status. Unexpected answers are provider errors, never passed through.
 */
export class HttpPhoneProvider implements PhoneProvider {
  readonly name = 'http';

  constructor(private readonly settings: HttpPhoneSettings) {}

  async send(
    channel: PhoneChannel,
    to: string,
    code: string,
    language: Language = 'en',
  ): Promise<string> {
    const { from, productName } = this.settings;
    const form = new URLSearchParams({ To: toE164(to), From: from });
    if (channel === 'sms') form.set('Body', smsText(productName, code, language));
    else
      form.set(
        'Twiml',
        // A Welsh call names its language for the provider's Welsh voice (cy-GB).
        `<Response><Say${language === 'cy' ? ' language="cy-GB"' : ''}>${escapeXml(spokenText(productName, code, language))}</Say></Response>`,
      );
    const answer = await this.call('POST', this.collection(channel), form);
    return answer.sid;
  }

  async status(channel: PhoneChannel, ref: string): Promise<DeliveryStatus> {
    const answer = await this.call(
      'GET',
      `${this.collection(channel).replace(/\.json$/, '')}/${encodeURIComponent(ref)}.json`,
    );
    return normaliseStatus(channel, answer.status);
  }

  private collection(channel: PhoneChannel): string {
    const account = encodeURIComponent(this.settings.account);
    return `/2010-04-01/Accounts/${account}/${channel === 'sms' ? 'Messages' : 'Calls'}.json`;
  }

  private async call(method: 'GET' | 'POST', path: string, form?: URLSearchParams) {
    const { url, account, token } = this.settings;
    let response: Response;
    try {
      response = await inClientSpan(`phone ${method}`, providerSpan('phone', url), () =>
        fetch(`${url.replace(/\/$/, '')}${path}`, {
          method,
          headers: {
            authorization: `Basic ${Buffer.from(`${account}:${token}`).toString('base64')}`,
            accept: 'application/json',
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: form?.toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      );
    } catch (error) {
      throw new PhoneProviderError(`phone provider failed: ${(error as Error).name}`);
    }
    if (!response.ok) throw new PhoneProviderError(`phone provider answered ${response.status}`);
    const parsed = answerSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new PhoneProviderError('phone provider answered an unexpected shape');
    return parsed.data;
  }
}
