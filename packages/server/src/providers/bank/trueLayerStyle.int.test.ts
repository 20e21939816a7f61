import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/testServer.js';
import { BankProviderError } from './accountDataProvider.js';
import { TrueLayerStyleProvider } from './trueLayerStyle.js';

/** A local stand-in for a TrueLayer-style provider: answers are set per test. */
let answers: Record<string, { status: number; body: unknown }>;
let seen: Array<{ path: string; auth?: string; form?: Record<string, string> }>;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

describe('TrueLayerStyleProvider against a local fake', () => {
  let server: Server;
  let base: string;
  const provider = () =>
    new TrueLayerStyleProvider({
      displayName: 'Fake Bank',
      type: 'tl',
      authUrl: `${base}/auth`,
      apiUrl: `${base}/api/`,
      clientId: 'client-1',
      clientSecret: 'secret-1',
      providers: 'uk-ob-all',
      logo: { svg: '<svg/>' },
    });
  const input = {
    code: 'the-code',
    codeVerifier: 'v'.repeat(43),
    redirectUri: 'https://verity.example/ObCallback',
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = createServer(async (request, response) => {
      const path = request.url!.split('?')[0]!;
      const body = await readBody(request);
      seen.push({
        path,
        auth: request.headers.authorization,
        form: body ? Object.fromEntries(new URLSearchParams(body)) : undefined,
      });
      const answer = answers[path] ?? { status: 404, body: { error: 'not_found' } };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const happy = () => ({
    '/auth/connect/token': {
      status: 200,
      body: { access_token: 'tok-123', token_type: 'Bearer', expires_in: 3600 },
    },
    '/api/data/v1/accounts': {
      status: 200,
      body: {
        results: [
          { account_type: 'SAVINGS', account_number: { sort_code: '309070', number: '02355688' } },
          {
            account_type: 'TRANSACTION',
            account_number: { sort_code: '08-99-99', number: '66374958' },
          },
        ],
      },
    },
    '/api/data/v1/cards': { status: 501, body: { error: 'endpoint_not_supported' } },
    '/api/data/v1/info': { status: 200, body: { results: [{ full_name: 'Ada Lovelace' }] } },
  });

  it('builds the auth link with PKCE, state and the provider choice', () => {
    const link = new URL(
      provider().authLink({ state: 's1', codeChallenge: 'c1', redirectUri: input.redirectUri }),
    );
    expect(`${link.origin}${link.pathname}`).toBe(`${base}/auth/`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: input.redirectUri,
      scope: 'info accounts cards',
      state: 's1',
      code_challenge: 'c1',
      code_challenge_method: 'S256',
      providers: 'uk-ob-all',
    });
    expect(provider().linkOrigin).toBe(base);
  });

  it('exchanges the code and reads accounts and the holder name', async () => {
    answers = happy();
    seen = [];
    expect(await provider().fetchData(input)).toEqual({
      accounts: [
        { kind: 'savings', sortCode: '309070', accountNumber: '02355688' },
        { kind: 'current', sortCode: '089999', accountNumber: '66374958' },
      ],
      holderName: 'Ada Lovelace',
    });
    expect(seen[0]).toEqual({
      path: '/auth/connect/token',
      auth: undefined,
      form: {
        grant_type: 'authorization_code',
        client_id: 'client-1',
        client_secret: 'secret-1',
        redirect_uri: input.redirectUri,
        code: 'the-code',
        code_verifier: input.codeVerifier,
      },
    });
    expect(seen.slice(1).map((call) => call.auth)).toEqual([
      'Bearer tok-123',
      'Bearer tok-123',
      'Bearer tok-123',
    ]);
  });

  it('reads a joint account: the party type, and every holder the bank names', async () => {
    answers = {
      ...happy(),
      '/api/data/v1/accounts': {
        status: 200,
        body: {
          results: [
            {
              account_type: 'TRANSACTION',
              account_number: { sort_code: '820000', number: '73688637' },
              party_type: 'Joint',
            },
          ],
        },
      },
      '/api/data/v1/info': {
        status: 200,
        body: {
          results: [
            { full_name: 'Ada Lovelace' },
            { full_name: 'Mary Somerville' },
            { full_name: 'Ada Lovelace' },
          ],
        },
      },
    };
    seen = [];
    expect(await provider().fetchData(input)).toEqual({
      accounts: [{ kind: 'current', sortCode: '820000', accountNumber: '73688637', joint: true }],
      holderName: 'Ada Lovelace & Mary Somerville',
    });
  });

  it.each([
    [
      'a refused code',
      { '/auth/connect/token': { status: 400, body: { error: 'invalid_grant' } } },
      'access_denied',
    ],
    [
      'a token that is not a bearer token',
      { '/auth/connect/token': { status: 200, body: { access_token: 'x', token_type: 'mac' } } },
      'provider_error',
    ],
    ['a busy provider', { '/api/data/v1/accounts': { status: 503, body: {} } }, 'TEMPORARY_ERROR'],
    [
      'a failing provider',
      { '/api/data/v1/accounts': { status: 500, body: { error: 'provider_error' } } },
      'provider_error',
    ],
    [
      'an answer that is not JSON',
      { '/api/data/v1/accounts': { status: 200, body: 'not json' } },
      'provider_error',
    ],
    [
      'an answer of the wrong shape',
      { '/api/data/v1/info': { status: 200, body: { results: 'x' } } },
      'provider_error',
    ],
  ])('turns %s into %s', async (_case, override, code) => {
    answers = { ...happy(), ...override };
    seen = [];
    const error = await provider()
      .fetchData(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BankProviderError);
    expect((error as BankProviderError).code).toBe(code);
  });

  it('reports an unreachable provider as a temporary error', async () => {
    const unreachable = new TrueLayerStyleProvider({
      displayName: 'Gone',
      type: 'tk',
      authUrl: 'http://127.0.0.1:1/auth',
      apiUrl: 'http://127.0.0.1:1/api',
      clientId: 'c',
      clientSecret: 's',
      logo: { svg: '<svg/>' },
    });
    const error = await unreachable.fetchData(input).catch((e: unknown) => e);
    expect((error as BankProviderError).code).toBe('TEMPORARY_ERROR');
  });
});
