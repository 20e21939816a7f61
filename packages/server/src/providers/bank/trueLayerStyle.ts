import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  BankProviderError,
  type AccountDataProvider,
  type BankAccountData,
  type BankData,
  type ObProviderType,
} from './accountDataProvider.js';
import { inClientSpan, providerSpan } from '../../tracing/tracing.js';

export interface TrueLayerStyleOptions {
  displayName: string;
  type: ObProviderType;
  /** The authorization server: GET {authUrl}/ shows the login, POST {authUrl}/connect/token. */
  authUrl: string;
  /** The data API: GET {apiUrl}/data/v1/accounts, /cards, /info with the bearer token. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Passed through as the providers parameter (the aggregator's own bank choice). */
  providers?: string;
  /** The logo's SVG, or a file to read it from. */
  logo: { svg: string } | { file: string };
}

const TIMEOUT_MS = 10_000;
const SCOPE = 'info accounts cards';

const tokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string() });
const accountSchema = z.object({
  account_type: z.string(),
  account_number: z
    .object({ number: z.string().nullish(), sort_code: z.string().nullish() })
    .nullish(),
  // Optional: who holds the account, as Open Banking UK's parties resource says (Sole, Joint).
  party_type: z.string().max(50).nullish(),
});
const resultsOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item).max(100) });
const infoSchema = z.object({ full_name: z.string().max(200).nullish() });
const errorSchema = z.object({ error: z.string() }).partial();

/**
 * A TrueLayer-style account-data API: an OAuth 2 authorization code flow (PKCE S256, client
 * secret in the token request), then accounts, cards and the holder's details. The sandbox
 * bank speaks the same API, so the whole redirect flow runs for real on one machine.
 */
export class TrueLayerStyleProvider implements AccountDataProvider {
  readonly displayName: string;
  readonly type: ObProviderType;
  readonly linkOrigin: string;

  constructor(private readonly options: TrueLayerStyleOptions) {
    this.displayName = options.displayName;
    this.type = options.type;
    this.linkOrigin = new URL(options.authUrl).origin;
  }

  authLink(input: { state: string; codeChallenge: string; redirectUri: string }): string {
    const url = new URL(this.base(this.options.authUrl) + '/');
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: this.options.clientId,
      redirect_uri: input.redirectUri,
      scope: SCOPE,
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
      ...(this.options.providers ? { providers: this.options.providers } : {}),
      // OAuth 2.0 Web Message Response Mode: an embedded frame answers by postMessage.
      ...(this.type === 'tk' ? { response_mode: 'web_message' } : {}),
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.href;
  }

  async fetchData(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<BankData> {
    const token = await this.exchange(input);
    const accounts = await this.get('/data/v1/accounts', token, resultsOf(accountSchema));
    const cards = await this.get('/data/v1/cards', token, resultsOf(z.object({})), true);
    const info = await this.get('/data/v1/info', token, resultsOf(infoSchema), true);
    return {
      accounts: [
        ...(accounts?.results ?? []).map(toAccount),
        ...(cards?.results ?? []).map((): BankAccountData => ({
          kind: 'credit_card',
          sortCode: null,
          accountNumber: null,
        })),
      ],
      holderName: holderNameOf(info?.results ?? []),
    };
  }

  async logo(): Promise<string> {
    const { logo } = this.options;
    return 'svg' in logo ? logo.svg : readFile(logo.file, 'utf8');
  }

  private async exchange(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<string> {
    const response = await this.call(`${this.base(this.options.authUrl)}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
        redirect_uri: input.redirectUri,
        code: input.code,
        code_verifier: input.codeVerifier,
      }),
    });
    // The code was refused (expired, used, or not this client's): the user starts again.
    if (response.status === 400 || response.status === 401)
      throw new BankProviderError('access_denied', `token request answered ${response.status}`);
    const body = await this.read(response, tokenSchema);
    if (body.token_type.toLowerCase() !== 'bearer')
      throw new BankProviderError('provider_error', 'token is not a bearer token');
    return body.access_token;
  }

  private async get<T extends z.ZodType>(
    path: string,
    token: string,
    schema: T,
    optional = false,
  ): Promise<z.infer<T> | null> {
    const response = await this.call(`${this.base(this.options.apiUrl)}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    // Banks that do not offer cards or holder details answer 501 (TrueLayer: endpoint_not_supported).
    if (optional && (response.status === 501 || response.status === 404)) return null;
    return this.read(response, schema);
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await inClientSpan(`bank ${init.method ?? 'GET'}`, providerSpan('bank', url), () =>
        fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }),
      );
    } catch (error) {
      throw new BankProviderError('TEMPORARY_ERROR', `bank call failed: ${(error as Error).name}`);
    }
  }

  private async read<T extends z.ZodType>(response: Response, schema: T): Promise<z.infer<T>> {
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const code = errorSchema.safeParse(json).data?.error;
      throw new BankProviderError(
        response.status === 429 || response.status === 503 || code === 'TEMPORARY_ERROR'
          ? 'TEMPORARY_ERROR'
          : 'provider_error',
        `bank answered ${response.status}`,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new BankProviderError('provider_error', 'unexpected answer shape');
    return parsed.data;
  }

  private base(url: string): string {
    return url.replace(/\/$/, '');
  }
}

function toAccount(item: z.infer<typeof accountSchema>): BankAccountData {
  const digits = (value: string | null | undefined) => value?.replace(/[\s-]/g, '') || null;
  return {
    kind:
      item.account_type === 'TRANSACTION'
        ? 'current'
        : item.account_type === 'SAVINGS'
          ? 'savings'
          : 'other',
    sortCode: digits(item.account_number?.sort_code),
    accountNumber: digits(item.account_number?.number),
    ...(item.party_type?.toLowerCase() === 'joint' ? { joint: true } : {}),
  };
}

/** The holder's name; a bank that names several holders (a joint account) gives them all. */
function holderNameOf(results: ReadonlyArray<z.infer<typeof infoSchema>>): string | null {
  const names = [...new Set(results.map((item) => item.full_name?.trim()).filter(Boolean))];
  return names.length > 0 ? names.join(' & ') : null;
}
