import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { servesDevOutbox } from './config.js';
import type { AppContext } from './context.js';
import { accountRoutes } from './features/accounts/routes.js';
import { addressRoutes } from './features/address/routes.js';
import { consentRoutes } from './features/consent/routes.js';
import { contactRoutes } from './features/contact/routes.js';
import { homeRoutes } from './features/home/routes.js';
import { profileRoutes } from './features/profile/routes.js';
import { forgotPasswordRoutes } from './features/forgotPassword/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { loginRoutes } from './features/login/routes.js';
import { logoutRoutes } from './features/logout/routes.js';
import { responseRoutes } from './features/response/routes.js';
import { outboxRoutes } from './features/outbox/routes.js';
import { requestRoutes } from './features/requests/routes.js';
import { sessionRoutes } from './features/session/routes.js';
import { assuranceRoutes } from './features/assurance/routes.js';
import { passportRoutes } from './features/passport/routes.js';
import { photoIdRoutes } from './features/photoId/routes.js';
import { cancelRoutes } from './features/cancel/routes.js';
import { socialLoginRoutes } from './features/social/routes.js';
import { signInMethodsRoutes } from './features/social/signInMethodsRoutes.js';
import { secondFactorRoutes } from './features/secondFactor/routes.js';
import { kbvRoutes } from './features/kbv/routes.js';
import { drivingLicenceRoutes } from './features/drivingLicence/routes.js';
import { cardRoutes } from './features/card/routes.js';
import { mobileContractRoutes } from './features/mobileContract/routes.js';
import { pinRoutes } from './features/pin/routes.js';
import { dvsRoutes } from './features/pin/dvsRoutes.js';
import { crossDeviceRoutes } from './features/pin/crossDeviceRoutes.js';
import { ApiError } from './http/apiError.js';
import { openBankingRoutes } from './features/openBanking/routes.js';
import { sandboxBankRoutes } from './features/sandboxBank/routes.js';
import { installErrorHandler } from './http/errorHandler.js';
import { clientAddress } from './http/clientAddress.js';
import { installNoStore } from './http/noStore.js';
import { installSecurityHeaders } from './http/securityHeaders.js';
import { requestIdGenerator } from './http/requestId.js';
import { mountProvider } from './http/oidcMount.js';
import { answerStoreUnavailable, failureCode, storeUnavailable } from './oidc/storeUnavailable.js';
import { observeRequests } from './http/observeRequests.js';
import { metricsRoutes } from './metrics/routes.js';
import { registerSpa } from './http/spa.js';
import { shareRoutes } from './features/share/routes.js';
import { inviteRoutes } from './features/invite/routes.js';
import { accountAreaRoutes } from './features/account/routes.js';
import { bankAccountRoutes } from './features/bankAccount/routes.js';
import { publicCall } from './journey/access.js';
import { registerJourney, type DeclaredRoute } from './journey/plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, with its declared access (journey/plugin.ts). */
    declaredRoutes: DeclaredRoute[];
  }
}

export interface AppOptions {
  /** Where the built SPA is; defaults to packages/web/dist. */
  webRoot?: string;
  logger?: boolean;
}

const BODY_LIMIT = 64 * 1024;

// The contracts' schemas are zod/mini, which loads no messages of its own: a 400's messages
// are English for the whole process (classic Zod would set it on its first schema; said here
// rather than left to that).
z.config(z.locales.en());

/** Logged requests carry no query string (codes, hints) and no headers (cookies, tokens). */
const requestSerializer = (request: { method: string; url: string; id: string }) => ({
  id: request.id,
  method: request.method,
  path: request.url.split('?')[0],
});

export async function buildApp(
  ctx: AppContext,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestSerializer },
            redact: {
              paths: ['req.headers', 'headers.authorization', 'headers.cookie', 'body'],
              remove: true,
            },
          },
    // Trust exactly the configured number of proxy hops (proxy-addr's rule for a number).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // A whole request (headers and body) must arrive within 2 minutes: Fastify's default is no
    // limit, so a body sent a byte at a time held its connection (and oidcMount's read-ahead)
    // for ever. Two minutes carry a 10 MB photo at about 85 KB/s.
    requestTimeout: 120_000,
    return503OnClosing: true,
    // The caller's X-Request-Id when valid, else unique per process start; in every log line.
    genReqId: requestIdGenerator(),
  });
  // First: every answer is counted and timed (and traced), whoever writes it.
  observeRequests(app, ctx.metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installNoStore(app);
  // Echoed on every answer, oidc-provider's too (it writes to the raw response).
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('X-Request-Id', request.id);
  });

  // An empty JSON body is no body; anything else goes through Fastify's safe JSON parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      if (body === '') return done(null, undefined);
      return parseJson(request, body as string, done);
    },
  );

  await app.register(fastifyCookie, { secret: ctx.secrets.cookieKeys });
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the preview of a photo chosen or taken on this page (routes/photo), never sent.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        // Banks whose login shows in an embedded frame on /obselect (obProviderType tk).
        frameSrc: [
          "'self'",
          ...new Set(ctx.bankProviders.filter((p) => p.type === 'tk').map((p) => p.linkOrigin)),
        ],
      },
    },
    hsts: config.publicUrl.protocol === 'https:',
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: `${config.productName} API`, version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });

  // JSON calls that change state must come from our own pages (with SameSite=Lax cookies
  // and a JSON content type this is the CSRF defence).
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith('/api/'))
      return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (
      (origin && origin !== config.publicUrl.origin) ||
      (site && site !== 'same-origin' && site !== 'none')
    ) {
      throw new ApiError('cross_origin_request');
    }
  });

  ctx.liveProvider.onBuild((provider) => {
    provider.on('server_error', (_koa: unknown, error: Error) => {
      if (!storeUnavailable(error)) app.log.error({ err: error }, 'oidc-provider server error');
    });
    // A database or Redis outage inside the provider: 503 temporarily_unavailable, not 500.
    answerStoreUnavailable(provider, config.productName, (error, path) =>
      app.log.warn({ path, code: failureCode(error) }, 'store unavailable in the OpenID provider'),
    );
  });
  ctx.liveProvider.onRefreshError((error) =>
    app.log.warn({ err: error }, 'signing keys could not be re-read; serving the last read'),
  );
  // Before any route: every route declares its access, and each call is checked against it.
  const declaredRoutes = registerJourney(app, ctx);
  app.decorate('declaredRoutes', declaredRoutes);

  await mountProvider(
    app,
    ctx.liveProvider,
    ctx.endpointLimiter,
    (req: IncomingMessage) => clientAddress(req, config.trustProxy),
    config.tokenRateLimits,
    config.userinfoRateLimits,
    (limit) => ctx.metrics.refused(limit),
  );

  healthRoutes(app, ctx);
  sessionRoutes(app, ctx);
  requestRoutes(app, ctx, options.webRoot);
  accountRoutes(app, ctx);
  loginRoutes(app, ctx);
  forgotPasswordRoutes(app, ctx);
  responseRoutes(app, ctx);
  logoutRoutes(app, ctx);
  addressRoutes(app, ctx);
  profileRoutes(app, ctx);
  consentRoutes(app, ctx);
  contactRoutes(app, ctx);
  homeRoutes(app, ctx);
  shareRoutes(app, ctx);
  inviteRoutes(app, ctx);
  accountAreaRoutes(app, ctx);
  assuranceRoutes(app, ctx);
  passportRoutes(app, ctx);
  photoIdRoutes(app, ctx);
  cancelRoutes(app, ctx);
  openBankingRoutes(app, ctx);
  if (ctx.config.sandboxBank) sandboxBankRoutes(app, ctx);
  bankAccountRoutes(app, ctx);
  socialLoginRoutes(app, ctx);
  signInMethodsRoutes(app, ctx);
  secondFactorRoutes(app, ctx);
  kbvRoutes(app, ctx);
  drivingLicenceRoutes(app, ctx);
  cardRoutes(app, ctx);
  mobileContractRoutes(app, ctx);
  pinRoutes(app, ctx);
  dvsRoutes(app, ctx);
  crossDeviceRoutes(app, ctx);
  if (servesDevOutbox(config)) outboxRoutes(app, ctx.outbox, config.productName);
  metricsRoutes(app, ctx);
  app.get(
    '/api/openapi.json',
    { config: { access: publicCall }, schema: { hide: true } },
    async () => app.swagger(),
  );

  await registerSpa(app, options.webRoot, {
    product: config.productName,
    company: config.companyName,
    frameParent: config.pinFrameParentOrigin,
  });
  return app;
}
