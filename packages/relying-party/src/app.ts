import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import * as client from 'openid-client';
import type { RelyingPartyConfig } from './config.js';
import { decodeFlowState, encodeFlowState } from './flowCookie.js';
import type { IssuerConnection } from './issuer.js';
import { errorPage, homePage, mePage, notFoundPage } from './pages.js';
import { SessionStore } from './sessionStore.js';
import { STYLES } from './styles.js';

export const FLOW_COOKIE = 'rp_flow';
export const SESSION_COOKIE = 'rp_session';
const FLOW_TTL_SECONDS = 10 * 60;

export interface AppOptions {
  config: RelyingPartyConfig;
  issuer: IssuerConnection;
  /** Signs the cookies; random per process is enough since sessions live in memory. */
  cookieSecret: string;
  sessionTtlMs?: number;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, issuer } = options;
  const sessionTtlMs = options.sessionTtlMs ?? 60 * 60 * 1000;
  const sessions = new SessionStore(sessionTtlMs);
  const sweeper = setInterval(() => sessions.sweep(), 60_000);
  sweeper.unref();

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 16 * 1024 });
  app.addHook('onClose', async () => clearInterval(sweeper));
  await app.register(fastifyCookie, { secret: options.cookieSecret });

  // The forms post no fields; accept their body without parsing it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  const cookieBase: CookieSerializeOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.rpUrl.startsWith('https:'),
    signed: true,
  };
  const contentSecurityPolicy = [
    "default-src 'none'",
    "style-src 'self'",
    // Forms lead to Verity (sign-in, sign-out) through redirects, which form-action also checks.
    `form-action 'self' ${config.issuer.origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', contentSecurityPolicy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
  });

  function readSignedCookie(request: FastifyRequest, name: string): string | undefined {
    const raw = request.cookies[name];
    if (!raw) return undefined;
    const result = request.unsignCookie(raw);
    return result.valid && result.value !== null ? result.value : undefined;
  }

  function sendPage(reply: FastifyReply, status: number, page: string): FastifyReply {
    return reply.code(status).type('text/html; charset=utf-8').send(page);
  }

  app.get('/styles.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(STYLES),
  );

  app.get('/', async (request, reply) => {
    const sessionId = readSignedCookie(request, SESSION_COOKIE);
    const signedIn = sessionId !== undefined && sessions.get(sessionId) !== undefined;
    return sendPage(reply, 200, homePage(signedIn));
  });

  async function startSignIn(request: FastifyRequest, reply: FastifyReply) {
    let oidc: client.Configuration;
    try {
      oidc = await issuer();
    } catch (error) {
      request.log.error({ err: error }, 'discovery of the issuer failed');
      return sendPage(
        reply,
        502,
        errorPage({
          title: 'Verity is not reachable',
          message: `This app could not read Verity's configuration at ${config.issuer.href}. Try again in a moment.`,
        }),
      );
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorizationUrl = client.buildAuthorizationUrl(oidc, {
      redirect_uri: config.redirectUri,
      scope: config.scope,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(config.claims ? { claims: config.claims } : {}),
    });
    reply.setCookie(FLOW_COOKIE, encodeFlowState({ codeVerifier, state, nonce }), {
      ...cookieBase,
      maxAge: FLOW_TTL_SECONDS,
    });
    return reply.redirect(authorizationUrl.href, 303);
  }

  app.get('/login', startSignIn);
  app.post('/login', startSignIn);

  app.get('/callback', async (request, reply) => {
    const flowValue = readSignedCookie(request, FLOW_COOKIE);
    const flow = flowValue === undefined ? undefined : decodeFlowState(flowValue);
    reply.clearCookie(FLOW_COOKIE, { path: cookieBase.path });
    if (!flow) {
      return sendPage(
        reply,
        400,
        errorPage({
          title: 'Sign-in did not complete',
          message:
            'This app has no sign-in in progress for this browser, or it took too long. Start again.',
        }),
      );
    }

    const queryStart = request.url.indexOf('?');
    // Built from the configured address, never from the Host header: it must equal the
    // registered redirect_uri.
    const currentUrl = new URL(
      config.redirectUri + (queryStart >= 0 ? request.url.slice(queryStart) : ''),
    );

    let oidc: client.Configuration;
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      oidc = await issuer();
      tokens = await client.authorizationCodeGrant(oidc, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (error instanceof client.AuthorizationResponseError) {
        return sendPage(
          reply,
          400,
          errorPage({
            title: 'Sign-in did not complete',
            message: 'Verity answered with an error.',
            details: [
              ['error', error.error],
              ['error_description', error.error_description],
            ],
          }),
        );
      }
      if (error instanceof client.ResponseBodyError) {
        request.log.warn({ error: error.error, status: error.status }, 'token request refused');
        return sendPage(
          reply,
          502,
          errorPage({
            title: 'Sign-in did not complete',
            message: 'Verity refused to exchange the authorization code.',
            details: [
              ['error', error.error],
              ['error_description', error.error_description],
            ],
          }),
        );
      }
      request.log.error({ err: error }, 'authorization code grant failed');
      return sendPage(
        reply,
        502,
        errorPage({
          title: 'Sign-in did not complete',
          message: 'The answer from Verity could not be checked or used.',
          details: [['reason', error instanceof Error ? error.message : String(error)]],
        }),
      );
    }

    const claims = tokens.claims();
    if (!claims || !tokens.id_token) {
      return sendPage(
        reply,
        502,
        errorPage({ title: 'Sign-in did not complete', message: 'Verity sent no ID token.' }),
      );
    }

    let userinfo: Record<string, unknown> | null = null;
    let userinfoError: string | null = null;
    try {
      userinfo = await client.fetchUserInfo(oidc, tokens.access_token, claims.sub);
    } catch (error) {
      request.log.warn({ err: error }, 'userinfo request failed');
      userinfoError = error instanceof Error ? error.message : String(error);
    }

    const previous = readSignedCookie(request, SESSION_COOKIE);
    if (previous) sessions.delete(previous);
    const sessionId = sessions.create({
      idToken: tokens.id_token,
      claims: { ...claims },
      userinfo,
      userinfoError,
    });
    reply.setCookie(SESSION_COOKIE, sessionId, {
      ...cookieBase,
      maxAge: Math.floor(sessionTtlMs / 1000),
    });
    return reply.redirect('/me', 303);
  });

  app.get('/me', async (request, reply) => {
    const sessionId = readSignedCookie(request, SESSION_COOKIE);
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (!session) return reply.redirect('/', 303);
    return sendPage(reply, 200, mePage(session));
  });

  app.post('/logout', async (request, reply) => {
    const sessionId = readSignedCookie(request, SESSION_COOKIE);
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (sessionId !== undefined) sessions.delete(sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: cookieBase.path });
    if (!session) return reply.redirect('/', 303);
    try {
      const oidc = await issuer();
      const endSessionUrl = client.buildEndSessionUrl(oidc, {
        id_token_hint: session.idToken,
        post_logout_redirect_uri: config.postLogoutRedirectUri,
      });
      return reply.redirect(endSessionUrl.href, 303);
    } catch (error) {
      // Signed out here; Verity's own session stays (no end_session_endpoint, or unreachable).
      request.log.warn({ err: error }, 'RP-initiated logout not possible');
      return reply.redirect('/', 303);
    }
  });

  app.setNotFoundHandler(async (_request, reply) => sendPage(reply, 404, notFoundPage()));

  app.setErrorHandler(async (error, request, reply) => {
    const status =
      typeof (error as { statusCode?: unknown }).statusCode === 'number'
        ? (error as { statusCode: number }).statusCode
        : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return sendPage(
      reply,
      status,
      errorPage({
        title: status >= 500 ? 'Something went wrong' : 'This request could not be handled',
        message: status >= 500 ? 'Try again in a moment.' : 'The request was not valid.',
      }),
    );
  });

  return app;
}
