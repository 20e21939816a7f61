import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { publicCall } from '../../journey/access.js';
import { clientIp } from '../../http/rateLimit.js';
import { isHttps, pathCookieName } from '../../http/cookieNames.js';
import { sandboxCustomers, SANDBOX_PASSWORD, type SandboxCustomer } from './customers.js';
import { requestLanguage } from '../../http/language.js';
import { consentPage, errorPage, loginPage, webMessagePage, webMessageScript } from './pages.js';
import { SANDBOX_CLIENT_ID, sameSecret, sandboxClientSecret, sha256 } from './sandboxClient.js';

/** One trip through the bank's pages, kept in the shared store (any instance may serve it). */
interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  webMessage: boolean;
  /** The value of this browser's sandbox cookie: the forms are accepted from it only. */
  binding: string;
  customer?: string;
}

interface IssuedCode {
  customer: string;
  redirectUri: string;
  codeChallenge: string;
}

const REQUEST_SECONDS = 600;
const CODE_SECONDS = 60;
const TOKEN_SECONDS = 300;
const MAX_LOGIN_ATTEMPTS = 5;
const limits = {
  login: { name: 'sandbox-bank-login', max: 60, windowSeconds: 900 },
  token: { name: 'sandbox-bank-token', max: 120, windowSeconds: 900 },
};

const authorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.literal(SANDBOX_CLIENT_ID),
  redirect_uri: z.string().max(500),
  scope: z.string().max(200).optional(),
  state: z.string().min(16).max(200),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
  response_mode: z.enum(['query', 'web_message']).optional(),
  providers: z.string().max(200).optional(),
});
const loginForm = z.object({
  request: z.string().max(100),
  username: z.string().max(100),
  password: z.string().max(200),
});
const consentForm = z.object({ request: z.string().max(100), decision: z.enum(['allow', 'deny']) });
const tokenForm = z.object({
  grant_type: z.literal('authorization_code'),
  client_id: z.string().max(100),
  client_secret: z.string().max(200),
  redirect_uri: z.string().max(500),
  code: z.string().max(200),
  code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/),
});

/**
 * The sandbox bank: an OAuth 2 authorization server (login, consent, code, token with PKCE)
 * and a TrueLayer-style data API, on its own path and pages, marked as a sandbox. Verity's
 * open-banking feature talks to it over HTTP exactly as it talks to a real provider.
 */
export function sandboxBankRoutes(app: FastifyInstance, ctx: AppContext): void {
  const redirectUri = `${ctx.config.publicUrl.origin}/ObCallback`;
  const clientSecret = sandboxClientSecret(ctx.secrets.dataKey);
  const kv = ctx.kv;
  /** The product's name, for the pages' brand header and the consent question. */
  const product = ctx.config.productName;
  // Scoped to /sandbox-bank, so __Secure- (not __Host-) under https.
  const cookieName = pathCookieName('sandbox-bank', isHttps(ctx.config.publicUrl));

  const loadRequest = async (request: FastifyRequest, id: string) => {
    const raw = id ? await kv.get(`sbk:req:${sha256(id)}`) : null;
    const record = raw ? (JSON.parse(raw) as AuthorizationRequest) : null;
    const cookie = request.cookies[cookieName];
    if (!record || !cookie || !sameSecret(cookie, record.binding)) return null;
    return record;
  };
  const saveRequest = (id: string, record: AuthorizationRequest) =>
    kv.set(`sbk:req:${sha256(id)}`, JSON.stringify(record), REQUEST_SECONDS);

  /** Back to the client: a redirect, or a page that posts the outcome to the parent frame. */
  const answer = (
    reply: FastifyReply,
    record: AuthorizationRequest,
    params: Record<string, string>,
  ) => {
    const all = { ...params, state: record.state };
    if (record.webMessage) {
      return html(
        reply,
        webMessagePage(
          new URL(record.redirectUri).origin,
          { type: params.code ? 'code' : 'error', ...all },
          product,
          requestLanguage(reply.request),
        ),
      );
    }
    const target = new URL(record.redirectUri);
    for (const [name, value] of Object.entries(all)) target.searchParams.set(name, value);
    return reply.redirect(target.href, 303);
  };

  app.register(async (scope) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // The pages may be shown in Verity's own embedded frame (obProviderType tk), nowhere else.
    scope.addHook('onSend', async (_request, reply, payload) => {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header(
          'content-security-policy',
          csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
        );
      reply.header('cache-control', 'no-store');
      return payload;
    });
    // A bad form or query is the bank's own error page, never a JSON error or a 500.
    scope.setErrorHandler((error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'sandbox bank error');
      if (
        request.url.startsWith('/sandbox-bank/connect/') ||
        request.url.startsWith('/sandbox-bank/data/')
      )
        return reply
          .status(status >= 500 ? 500 : 400)
          .send({ error: status >= 500 ? 'server_error' : 'invalid_request' });
      return html(
        reply.status(status >= 500 ? 500 : 400),
        errorPage('badRequest', product, requestLanguage(request)),
      );
    });

    typed.get(
      '/sandbox-bank/',
      { config: { access: publicCall }, schema: { querystring: authorizeQuery, hide: true } },
      async (request, reply) => {
        const query = request.query;
        if (query.redirect_uri !== redirectUri)
          return html(
            reply.status(400),
            errorPage('unknownClient', product, requestLanguage(request)),
          );
        const id = randomBytes(24).toString('base64url');
        const binding = randomBytes(24).toString('base64url');
        await saveRequest(id, {
          redirectUri: query.redirect_uri,
          state: query.state,
          codeChallenge: query.code_challenge,
          webMessage: query.response_mode === 'web_message',
          binding,
        });
        reply.setCookie(cookieName, binding, {
          path: '/sandbox-bank',
          httpOnly: true,
          sameSite: 'lax',
          secure: isHttps(ctx.config.publicUrl),
        });
        return html(reply, loginPage(id, false, product, requestLanguage(request)));
      },
    );

    typed.post(
      '/sandbox-bank/login',
      { config: { access: publicCall }, schema: { body: loginForm, hide: true } },
      async (request, reply) => {
        const { request: id, username, password } = request.body;
        const record = await loadRequest(request, id);
        if (!record)
          return html(reply.status(400), errorPage('expired', product, requestLanguage(request)));
        const limited = !(await ctx.rateLimiter.hit(limits.login, clientIp(request))).allowed;
        const attempts = await kv.increment(`sbk:req-attempts:${sha256(id)}`, REQUEST_SECONDS);
        if (limited || attempts > MAX_LOGIN_ATTEMPTS)
          return answer(reply, record, { error: 'AUTHENTICATION_ERROR' });
        const customer = sandboxCustomers[username.trim().toLowerCase()];
        if (!customer || !sameSecret(password, SANDBOX_PASSWORD))
          return html(reply.status(400), loginPage(id, true, product, requestLanguage(request)));
        if (customer.behaviour === 'cancel') {
          await kv.delete(`sbk:req:${sha256(id)}`);
          return answer(reply, record, { error: 'access_denied' });
        }
        await saveRequest(id, { ...record, customer: username.trim().toLowerCase() });
        return html(reply, consentPage(id, product, requestLanguage(request)));
      },
    );

    typed.post(
      '/sandbox-bank/consent',
      { config: { access: publicCall }, schema: { body: consentForm, hide: true } },
      async (request, reply) => {
        const record = await loadRequest(request, request.body.request);
        // Taken once: of parallel consents to one login, only the first issues a code.
        if (!record?.customer || !(await kv.take(`sbk:req:${sha256(request.body.request)}`)))
          return html(reply.status(400), errorPage('expired', product, requestLanguage(request)));
        if (request.body.decision === 'deny')
          return answer(reply, record, { error: 'access_denied' });
        const code = randomBytes(32).toString('base64url');
        const issued: IssuedCode = {
          customer: record.customer,
          redirectUri: record.redirectUri,
          codeChallenge: record.codeChallenge,
        };
        await kv.set(`sbk:code:${sha256(code)}`, JSON.stringify(issued), CODE_SECONDS);
        return answer(reply, record, { code });
      },
    );

    scope.get(
      '/sandbox-bank/web-message.js',
      { config: { access: publicCall }, schema: { hide: true } },
      async (_request, reply) => reply.type('text/javascript').send(webMessageScript),
    );

    typed.post(
      '/sandbox-bank/connect/token',
      { config: { access: publicCall }, schema: { body: tokenForm, hide: true } },
      async (request, reply) => {
        if (!(await ctx.rateLimiter.hit(limits.token, clientIp(request))).allowed)
          return reply.status(429).send({ error: 'TEMPORARY_ERROR' });
        const body = request.body;
        if (body.client_id !== SANDBOX_CLIENT_ID || !sameSecret(body.client_secret, clientSecret))
          return reply.status(401).send({ error: 'invalid_client' });
        // A code is used once: the first exchange takes it, atomically across instances.
        const raw = await kv.take(`sbk:code:${sha256(body.code)}`);
        const issued = raw ? (JSON.parse(raw) as IssuedCode) : null;
        if (
          !issued ||
          issued.redirectUri !== body.redirect_uri ||
          sha256(body.code_verifier) !== issued.codeChallenge
        )
          return reply.status(400).send({ error: 'invalid_grant' });
        const token = randomBytes(32).toString('base64url');
        await kv.set(`sbk:token:${sha256(token)}`, issued.customer, TOKEN_SECONDS);
        return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_SECONDS };
      },
    );

    const dataRoute = (path: string, answerFor: (customer: SandboxCustomer) => unknown[]) =>
      scope.get(
        `/sandbox-bank/data/v1/${path}`,
        { config: { access: publicCall }, schema: { hide: true } },
        async (request, reply) => {
          const header = request.headers.authorization ?? '';
          const token = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header)?.[1];
          const name = token ? await kv.get(`sbk:token:${sha256(token)}`) : null;
          const customer = name ? sandboxCustomers[name] : undefined;
          if (!customer) return reply.status(401).send({ error: 'invalid_token' });
          if (customer.behaviour === 'error')
            return reply.status(500).send({
              error: 'provider_error',
              error_description: 'The sandbox bank failed, as this customer asks.',
            });
          return { results: answerFor(customer), status: 'Succeeded' };
        },
      );

    dataRoute('accounts', (customer) =>
      customer.accounts.map((account, index) => ({
        account_id: `sandbox-${index + 1}`,
        account_type: account.type,
        display_name: account.type === 'TRANSACTION' ? 'Current account' : 'Savings account',
        currency: 'GBP',
        account_number: {
          sort_code: account.sortCode,
          ...(account.number ? { number: account.number } : {}),
        },
        ...(account.partyType ? { party_type: account.partyType } : {}),
      })),
    );
    dataRoute('cards', (customer) =>
      Array.from({ length: customer.cards }, (_, index) => ({
        account_id: `sandbox-card-${index + 1}`,
        card_type: 'CREDIT',
        display_name: 'Credit card',
        partial_card_number: String(1000 + index),
      })),
    );
    dataRoute('info', (customer) => [{ full_name: customer.fullName }]);
  });
}

function html(reply: FastifyReply, page: string) {
  return reply.type('text/html').send(page);
}
