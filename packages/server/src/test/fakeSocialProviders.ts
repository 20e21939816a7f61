/**
 * Local fakes of the social login providers, for the API and browser tests: an OpenID
 * Connect provider (oauth2-mock-server, standing in for Google or Microsoft) and Facebook's
 * login dialog and Graph API. Each signs in whoever the test names next, or cancels.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';

export interface FakeIdentity {
  sub: string;
  email?: string;
  /** Google's claim; Facebook's fake ignores it (Facebook gives confirmed e-mails only). */
  email_verified?: boolean;
  /** Microsoft's optional claim: the e-mail's domain owner verified it. */
  xms_edov?: boolean;
  /** Overrides the nonce, to test that a replayed id_token is refused. */
  nonce?: string;
}

export interface FakeSocialProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorization signs in. */
  signInAs(identity: FakeIdentity): void;
  /** The next authorization is cancelled by the user (error=access_denied). */
  cancelNext(): void;
  close(): Promise<void>;
}

const randomId = () => randomBytes(12).toString('base64url');

/** An OpenID Connect provider on 127.0.0.1 (discovery, PKCE, nonce, signed id_tokens). */
export async function startFakeOpenIdProvider(): Promise<FakeSocialProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const clientId = `client-${randomId()}`;
  const clientSecret = randomId();
  let next: FakeIdentity | 'cancel' = { sub: 'nobody' };
  const byCode = new Map<string, FakeIdentity>();

  server.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', 'http://fake').searchParams;
    if (query.get('client_id') !== clientId) {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'unauthorized_client');
    } else if (next === 'cancel') {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
      url.searchParams.set('error_description', 'The user cancelled');
    } else {
      byCode.set(url.searchParams.get('code')!, next);
    }
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: unknown }) => {
      const code = (req.body as { code?: string } | undefined)?.code;
      const identity = code ? byCode.get(code) : undefined;
      if (identity) Object.assign(token.payload, identity);
    },
  );
  server.service.on(
    'beforeResponse',
    (
      response: { body: unknown; statusCode: number },
      req: IncomingMessage & { body?: unknown },
    ) => {
      const body = req.body as { code?: string; client_secret?: string } | undefined;
      const known = body?.code !== undefined && byCode.delete(body.code);
      if (!known || body?.client_secret !== clientSecret) {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant' };
      }
    },
  );

  return {
    url: server.issuer.url!,
    clientId,
    clientSecret,
    signInAs(identity) {
      next = identity;
    },
    cancelNext() {
      next = 'cancel';
    },
    close: () => server.stop(),
  };
}

interface FacebookCode {
  identity: FakeIdentity;
  redirectUri: string;
  codeChallenge: string;
}

/** Facebook's login dialog, token endpoint and Graph /me, as Verity uses them. */
export async function startFakeFacebook(): Promise<FakeSocialProvider> {
  const clientId = String(Date.now());
  const clientSecret = randomId();
  const codes = new Map<string, FacebookCode>();
  const tokens = new Map<string, FakeIdentity>();
  let next: FakeIdentity | 'cancel' = { sub: 'nobody' };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const graphError = (res: ServerResponse, message: string) =>
    json(res, 400, { error: { message, type: 'OAuthException', code: 100 } });

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    if (url.pathname === '/dialog/oauth') {
      const redirect = new URL(q.get('redirect_uri') ?? '');
      if (q.get('client_id') !== clientId) return graphError(res, 'Invalid app ID');
      if (next === 'cancel') {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_reason', 'user_denied');
      } else {
        const code = randomId();
        codes.set(code, {
          identity: next,
          redirectUri: q.get('redirect_uri') ?? '',
          codeChallenge: q.get('code_challenge') ?? '',
        });
        redirect.searchParams.set('code', code);
      }
      redirect.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: redirect.href }).end();
      return;
    }
    if (url.pathname === '/oauth/access_token') {
      const code = codes.get(q.get('code') ?? '');
      codes.delete(q.get('code') ?? '');
      const challenge = createHash('sha256')
        .update(q.get('code_verifier') ?? '')
        .digest('base64url');
      if (
        !code ||
        q.get('client_id') !== clientId ||
        q.get('client_secret') !== clientSecret ||
        q.get('redirect_uri') !== code.redirectUri ||
        challenge !== code.codeChallenge
      )
        return graphError(res, 'Invalid verification code format.');
      const token = randomId();
      tokens.set(token, code.identity);
      return json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
    }
    if (url.pathname === '/me') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const identity = tokens.get(token);
      const proof = createHmac('sha256', clientSecret).update(token).digest('hex');
      if (!identity || q.get('appsecret_proof') !== proof)
        return graphError(res, 'Invalid OAuth access token.');
      return json(res, 200, {
        id: identity.sub,
        ...(identity.email ? { email: identity.email } : {}),
      });
    }
    return json(res, 404, { error: { message: 'Unknown path' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    signInAs(identity) {
      next = identity;
    },
    cancelNext() {
      next = 'cancel';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Verity's settings for the fakes. */
export function socialEnv(fakes: {
  google?: FakeSocialProvider;
  microsoft?: FakeSocialProvider;
  facebook?: FakeSocialProvider;
}): Record<string, string> {
  const env: Record<string, string> = {};
  if (fakes.google)
    Object.assign(env, {
      GOOGLE_ISSUER: fakes.google.url,
      GOOGLE_CLIENT_ID: fakes.google.clientId,
      GOOGLE_CLIENT_SECRET: fakes.google.clientSecret,
    });
  if (fakes.microsoft)
    Object.assign(env, {
      MICROSOFT_ISSUER: fakes.microsoft.url,
      MICROSOFT_CLIENT_ID: fakes.microsoft.clientId,
      MICROSOFT_CLIENT_SECRET: fakes.microsoft.clientSecret,
    });
  if (fakes.facebook)
    Object.assign(env, {
      FACEBOOK_AUTHORIZATION_URL: `${fakes.facebook.url}/dialog/oauth`,
      FACEBOOK_GRAPH_URL: fakes.facebook.url,
      FACEBOOK_CLIENT_ID: fakes.facebook.clientId,
      FACEBOOK_CLIENT_SECRET: fakes.facebook.clientSecret,
    });
  return env;
}
