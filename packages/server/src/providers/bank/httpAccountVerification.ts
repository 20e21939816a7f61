import { z } from 'zod';
import type { UkAccount } from '../../features/openBanking/ukAccount.js';
import {
  AccountVerificationUnavailable,
  type AccountVerificationProvider,
  type AccountVerificationResult,
  type PersonName,
} from './accountVerification.js';
import { inClientSpan, providerSpan } from '../../tracing/tracing.js';

const TIMEOUT_MS = 10_000;

/** The service's answer (a Confirmation-of-Payee style JSON API). */
const answerSchema = z.object({
  id: z.string().min(1).max(200),
  result: z.enum(['MATCH', 'CLOSE_MATCH', 'NO_MATCH', 'ACCOUNT_NOT_FOUND']),
  name: z.string().max(200).optional(),
});

/**
 * A real account-verification service over HTTPS: POST {url}/verifications with the name,
 * sort code and account number and a bearer API key (ACCOUNT_VERIFICATION_URL and
 * ACCOUNT_VERIFICATION_API_KEY, docs/configuration.md). Any failure to answer, or an answer
 * that does not parse, is AccountVerificationUnavailable: never a mismatch.
 */
export class HttpAccountVerification implements AccountVerificationProvider {
  readonly name: string;

  constructor(private readonly options: { url: string; apiKey: string }) {
    this.name = new URL(options.url).host;
  }

  async verify(input: { name: PersonName } & UkAccount): Promise<AccountVerificationResult> {
    let response: Response;
    try {
      const url = `${this.options.url.replace(/\/$/, '')}/verifications`;
      const init: RequestInit = {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          name: `${input.name.givenNames} ${input.name.familyName}`,
          sortCode: input.sortCode,
          accountNumber: input.accountNumber,
          accountType: 'personal',
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      };
      response = await inClientSpan(
        'account verification POST',
        providerSpan('account-verification', url),
        () => fetch(url, init),
      );
    } catch (error) {
      throw new AccountVerificationUnavailable(`call failed: ${(error as Error).name}`);
    }
    if (!response.ok)
      throw new AccountVerificationUnavailable(`service answered ${response.status}`);
    const parsed = answerSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new AccountVerificationUnavailable('unreadable answer');
    const { id: transactionId, result, name } = parsed.data;
    switch (result) {
      case 'MATCH':
        return { outcome: 'match', transactionId };
      case 'CLOSE_MATCH':
        // A close match without the holder's name cannot be judged: treat it as no match.
        return name
          ? { outcome: 'closeMatch', transactionId, holderName: name }
          : { outcome: 'noMatch', transactionId };
      case 'NO_MATCH':
        return { outcome: 'noMatch', transactionId };
      case 'ACCOUNT_NOT_FOUND':
        return { outcome: 'notFound', transactionId };
    }
  }
}
