import { z } from 'zod';
import {
  AddressProviderError,
  addressItemSchema,
  type AddressItem,
  type AddressProvider,
} from './addressProvider.js';
import { inClientSpan, providerSpan } from '../../tracing/tracing.js';

const answerSchema = z.array(addressItemSchema).max(1000);
const TIMEOUT_MS = 5000;

/**
 * A commercial postcode API: GET {baseUrl}/postcodes/{postcode} with the key in an
 * Authorization header, answering a JSON list of { key, value: { line_1, line_2, post_town,
 * postcode } }. 404 means no addresses. Anything else unexpected is a provider error, never
 * passed through.
 */
export class HttpAddressProvider implements AddressProvider {
  readonly name = 'http';

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  async lookup(postcode: string): Promise<AddressItem[]> {
    let response: Response;
    try {
      response = await inClientSpan('address GET', providerSpan('address', this.baseUrl), () =>
        fetch(`${this.baseUrl.replace(/\/$/, '')}/postcodes/${encodeURIComponent(postcode)}`, {
          headers: { authorization: `api-key ${this.apiKey}`, accept: 'application/json' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      );
    } catch (error) {
      throw new AddressProviderError(`address lookup failed: ${(error as Error).name}`);
    }
    if (response.status === 404) return [];
    if (!response.ok) throw new AddressProviderError(`address lookup answered ${response.status}`);
    const parsed = answerSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new AddressProviderError('address lookup answered an unexpected shape');
    return parsed.data;
  }
}
